/**
 * The administrator's calls on the judge queue (issue 13): its status (depth, running jobs,
 * oldest waiting age, each worker's heartbeat) and re-judging one submission or a challenge.
 */
import { z } from 'zod';
import { challengeIdSchema } from './challenges.ts';
import { messages } from './messages.ts';

export const judgeStatusPath = '/api/admin/judgeStatus';
export const rejudgePath = '/api/admin/rejudge';

export const judgeStatusQuerySchema = z.object({ challengeId: challengeIdSchema.optional() });

export const judgeWorkerSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  concurrency: z.number().int(),
  running: z.number().int(),
  judged: z.number().int(),
  startedAt: z.string(),
  heartbeatAt: z.string(),
  /** Its heartbeat is recent: the process is alive. */
  alive: z.boolean(),
});

export const judgeStatusSchema = z.object({
  waiting: z.number().int(),
  running: z.number().int(),
  /** Worker processes with a recent heartbeat. */
  workers: z.number().int(),
  oldestWaitingSeconds: z.number().nullable(),
  workerList: z.array(judgeWorkerSchema),
  /** With `challengeId`: its submissions still waiting or running (a re-judge's progress). */
  challenge: z.object({ pending: z.number().int(), total: z.number().int() }).optional(),
});
export type JudgeStatus = z.infer<typeof judgeStatusSchema>;

export const rejudgeRequestSchema = z.union(
  [
    z.object({ submissionId: z.uuid({ error: messages.invalidSubmissionId }) }).strict(),
    z.object({ challengeId: challengeIdSchema }).strict(),
  ],
  { error: messages.rejudgeTargetMissing },
);
export type RejudgeRequest = z.infer<typeof rejudgeRequestSchema>;

export const rejudgeResponseSchema = z.object({
  message: z.string(),
  queued: z.number().int(),
  students: z.number().int(),
});
export type RejudgeResponse = z.infer<typeof rejudgeResponseSchema>;
