/**
 * The administrator's judge-queue calls (src/contract/judge-queue.ts): the queue's status and
 * re-judging. Here rather than in a feature, because two features use them: Results (re-judge and
 * its progress) and Home's queue panel (status).
 */
import {
  judgeStatusPath,
  judgeStatusSchema,
  rejudgePath,
  rejudgeResponseSchema,
  type JudgeStatus,
  type RejudgeRequest,
  type RejudgeResponse,
} from '../../contract/judge-queue.ts';
import { apiRequest } from './api-client.ts';

/** The queue now; with a challenge, also its submissions still waiting or running. */
export function fetchJudgeStatus(
  token: string,
  challengeId?: string,
  signal?: AbortSignal,
): Promise<JudgeStatus> {
  const path = challengeId
    ? `${judgeStatusPath}?${new URLSearchParams({ challengeId }).toString()}`
    : judgeStatusPath;
  return apiRequest(path, { token, schema: judgeStatusSchema, signal });
}

/** Queues one submission, or every judged submission of a challenge, to be judged again. */
export function requestRejudge(token: string, target: RejudgeRequest): Promise<RejudgeResponse> {
  return apiRequest(rejudgePath, {
    method: 'POST',
    body: target,
    token,
    schema: rejudgeResponseSchema,
  });
}
