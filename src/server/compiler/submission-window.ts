/**
 * When a submission still counts (issue 5 §3, issue 6 §5). Any submission reaching the server up
 * to `graceSeconds` after the deadline counts (network grace). A submission the page queued while
 * offline carries `queuedAt`, the moment it was made on the server's clock (the page keeps the
 * offset it measured when the attempt began): if it was made in time, it still counts when it
 * arrives up to `offlineAllowanceSeconds` after the deadline. `queuedAt` comes from the browser,
 * so it can only widen the window by that bounded allowance, never more: staying offline does not
 * extend the test.
 */
export type SubmissionRules = { graceSeconds: number; offlineAllowanceSeconds: number };

export type SubmissionTiming = 'in-time' | 'time-up' | 'offline-too-late';

/** A claimed queue time this far ahead of the server's clock is not believed. */
const CLOCK_SKEW_TOLERANCE_MS = 60_000;

export function submissionTiming(
  attempt: { startedAt: Date; deadline: Date },
  now: Date,
  rules: SubmissionRules,
  queuedAt: Date | undefined,
): SubmissionTiming {
  const deadline = attempt.deadline.getTime();
  const lastInTime = deadline + rules.graceSeconds * 1000;
  if (now.getTime() <= lastInTime) return 'in-time';
  const believable =
    queuedAt !== undefined &&
    queuedAt.getTime() >= attempt.startedAt.getTime() &&
    queuedAt.getTime() <= now.getTime() + CLOCK_SKEW_TOLERANCE_MS;
  if (!believable || queuedAt.getTime() > lastInTime) return 'time-up';
  const lastOffline = deadline + Math.max(rules.offlineAllowanceSeconds, rules.graceSeconds) * 1000;
  return now.getTime() <= lastOffline ? 'in-time' : 'offline-too-late';
}
