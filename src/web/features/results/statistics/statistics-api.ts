/** Staff's per-test statistics call (src/contract/grading-statistics.ts). */
import {
  challengeStatisticsPath,
  examSlotStatisticsPath,
  statisticsResponseSchema,
  type StatisticsResponse,
} from '../../../../contract/grading-statistics.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** What the statistics are of: a challenge on its own, or one slot of an exam. */
export type StatisticsTarget =
  { kind: 'challenge'; challengeId: string } | { kind: 'exam'; examCode: string; slot: number };

export function fetchStatistics(
  token: string,
  target: StatisticsTarget,
  sectionId: string | undefined,
  signal: AbortSignal,
): Promise<StatisticsResponse> {
  const path =
    target.kind === 'challenge'
      ? challengeStatisticsPath(target.challengeId, sectionId)
      : examSlotStatisticsPath(target.examCode, target.slot, sectionId);
  return apiRequest(path, { token, schema: statisticsResponseSchema, signal });
}
