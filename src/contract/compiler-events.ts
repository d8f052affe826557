/**
 * What the compiler page tells the test screen around it (window.postMessage): the attempt has
 * started, a submission was judged (with its score), or time is up. An external provider's page
 * may post the same events; the test screen checks the sender's origin and this shape.
 */
import { z } from 'zod';

export const COMPILER_EVENT_SOURCE = 'campus-compiler';

export const compilerEventSchema = z.discriminatedUnion('type', [
  z.object({
    source: z.literal(COMPILER_EVENT_SOURCE),
    type: z.literal('started'),
    challengeId: z.string(),
    deadline: z.string(),
  }),
  z.object({
    source: z.literal(COMPILER_EVENT_SOURCE),
    type: z.literal('submitted'),
    challengeId: z.string(),
    score: z.number(),
    maxScore: z.number(),
    bestScore: z.number(),
  }),
  /**
   * A submission was judged but its results are not released yet (result-release.ts): no score.
   * An addition (issue 34); a screen that does not know it ignores it.
   */
  z.object({
    source: z.literal(COMPILER_EVENT_SOURCE),
    type: z.literal('withheld'),
    challengeId: z.string(),
  }),
  z.object({
    source: z.literal(COMPILER_EVENT_SOURCE),
    type: z.literal('time-up'),
    challengeId: z.string(),
  }),
]);
export type CompilerEvent = z.infer<typeof compilerEventSchema>;

/**
 * What the exam screen tells the compiler pages in its frames (the other way): the exam's
 * deadline as it follows it live (a stop, a reopen, extra time), so the frames need no long poll
 * of their own. Sent when the deadline changes, and in answer to a page's `started` that names
 * another one. Only the built-in page, of the screen's own origin, listens.
 */
export const EXAM_SCREEN_SOURCE = 'campus-exam-screen';

export const examScreenMessageSchema = z.object({
  source: z.literal(EXAM_SCREEN_SOURCE),
  type: z.literal('deadline'),
  deadline: z.string(),
});
export type ExamScreenMessage = z.infer<typeof examScreenMessageSchema>;
