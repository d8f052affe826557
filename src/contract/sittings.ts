/**
 * The sitting's lifecycle (issue 32 item 2), for a challenge on its own today and for exams
 * alike. A sitting is a draft (only staff see it: to students it does not exist, through step 2,
 * getToken and every compiler call) or published (open in its window). "Stop now" ends every
 * open attempt at once: the stop is each attempt's deadline, so a submission a student queued
 * offline before it still counts within the offline allowance, and later ones are refused.
 * "Reopen" undoes the stop. A published sitting nobody has started may go back to draft.
 *
 * New challenges from the form are published (the spec's behaviour); an imported problem and a
 * new exam are drafts until a teacher publishes them.
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { knownNoticesSchema } from './notices.ts';

export const SITTING_LIFECYCLES = ['draft', 'published'] as const;
export type SittingLifecycle = (typeof SITTING_LIFECYCLES)[number];

export const LIFECYCLE_ACTIONS = ['publish', 'unpublish', 'stop', 'reopen'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

export const sittingMessages = {
  testStopped: 'This test was stopped by the teacher. Your earlier submissions are kept.',
  startedCannotUnpublish:
    'Students have started this test: it cannot go back to draft. Stop it instead.',
  draftCannotStop: 'A draft is not open to students: there is nothing to stop.',
  invalidLifecycleAction: 'Choose publish, unpublish, stop or reopen.',
  // The teacher's challenge list.
  statusColumn: 'Status',
  statusDraft: 'Draft',
  statusPublished: 'Published',
  statusStopped: 'Stopped',
  publish: 'Publish',
  unpublish: 'Back to draft',
  stop: 'Stop now',
  reopen: 'Reopen',
  stopTitle: 'Stop {challengeId} now?',
  stopBody:
    'Every student’s attempt ends at once. Submissions made before now still count (offline ones within the offline allowance); later ones are refused and nobody can start. You can reopen it.',
  published: '{challengeId} is published: students can open it in its window.',
  unpublished: '{challengeId} is a draft again: only staff can see it.',
  stopped: '{challengeId} was stopped.',
  reopened: '{challengeId} is open again.',
} as const;

/** What staff see of a sitting's state, on top of its window. */
export const sittingStateSchema = z.object({
  lifecycle: z.enum(SITTING_LIFECYCLES),
  /** When "Stop now" was pressed (ISO); null unless stopped. */
  stoppedAt: z.string().nullable(),
});
export type SittingState = z.infer<typeof sittingStateSchema>;

export const challengeLifecycleRoute = '/api/admin/challenges/:challengeId/lifecycle';
export const challengeLifecyclePath = (challengeId: string) =>
  `/api/admin/challenges/${encodeURIComponent(challengeId)}/lifecycle`;
// Not challenges.ts' challengeIdSchema: that file reads this one's lifecycle for its answers.
export const challengeLifecycleParamsSchema = z.object({
  challengeId: z.string().trim().min(1, { error: messages.provideChallengeId }).max(64),
});
export const lifecycleRequestSchema = z.object(
  {
    action: z.enum(LIFECYCLE_ACTIONS, { error: sittingMessages.invalidLifecycleAction }),
  },
  { error: sittingMessages.invalidLifecycleAction },
);
export type LifecycleRequest = z.infer<typeof lifecycleRequestSchema>;

/** The longest a timer long poll may be held. */
export const MAX_TIMER_WAIT_SECONDS = 30;

/**
 * A student's timer followed live (issue 32): `known` is the deadline the page shows (ISO);
 * with `wait`, the answer is held up to that many seconds until the timer differs from it (a
 * stop, a reopen, an accommodation). Without `wait` it is immediate. `knownNotices` (optional:
 * older pages send none) is the notices cursor the page shows (notices.ts); the answer then
 * carries `notices` and comes at once when it differs, so one long poll serves both.
 */
export const timerQuerySchema = z.object({
  known: z.string().max(40).optional(),
  wait: z.coerce.number().int().min(0).max(MAX_TIMER_WAIT_SECONDS).optional(),
  knownNotices: knownNoticesSchema,
});
export type TimerQuery = z.input<typeof timerQuerySchema>;

/** The timer as the student lives it: the deadline after any stop and after finishing early. */
export const sittingTimerSchema = z.object({
  deadline: z.string(),
  finishedAt: z.string().nullable(),
  serverNow: z.string(),
  /** The notices cursor visible to this student (notices.ts); only when `knownNotices` was sent. */
  notices: z.number().optional(),
});
export type SittingTimer = z.infer<typeof sittingTimerSchema>;
