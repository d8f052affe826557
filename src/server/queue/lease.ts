/**
 * How long a worker may hold a judge job before the queue gives it to another worker: the worst
 * case of judging the submission (src/contract/judge-cost.ts, the same numbers the judge kills
 * by) plus a margin for waiting on a judge slot and writing the result. A worker that dies
 * (kill -9, power) leaves its job to be taken again once this has passed.
 */
import { worstCaseJudgeMs, type JudgeCostInput } from '../../contract/judge-cost.ts';

export function leaseSeconds(cost: JudgeCostInput, marginSeconds: number): number {
  return Math.ceil(worstCaseJudgeMs(cost) / 1000) + marginSeconds;
}
