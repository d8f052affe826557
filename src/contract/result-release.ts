/**
 * When students see their results (issue 34 item 5), per challenge and per exam:
 * `immediate` (as always, the default), `after_end` (once the challenge's window or the exam's
 * ends, or it is stopped) or `manual` (when staff press "Release"). "Release" also releases an
 * `after_end` one early. Until released, every student call answers no score, no verdict of
 * hidden tests and no feedback, whatever the client asks; the samples' outcomes stay visible.
 * Setting the rule and releasing are staff calls (`grading.write`), recorded in the audit log.
 */
import { z } from 'zod';

export const RELEASE_MODES = ['immediate', 'after_end', 'manual'] as const;
export type ReleaseMode = (typeof RELEASE_MODES)[number];

export const releaseMessages = {
  /** Shown to the student instead of a score, a verdict or feedback. */
  notReleased: 'Submitted — results will be released by your teacher',
  invalidMode: 'The release is immediate, after_end or manual.',
  // The staff panel on a challenge's or an exam's results.
  panelHeading: 'Release of results',
  modeLabel: 'Students see their scores and feedback',
  modeImmediate: 'At once (as soon as judged)',
  modeAfterEnd: 'When the window ends',
  modeManual: 'When I press Release',
  saveMode: 'Save',
  modeSaved: 'Release setting saved',
  release: 'Release',
  released: 'Results released',
  stateReleased: 'Released: students see their results.',
  stateReleasedAt: 'Released {time}.',
  stateWithheld: 'Not released: students see “Submitted” only.',
  stateAfterEnd: 'Released automatically at {time}.',
} as const;

export const challengeReleaseRoute = '/api/admin/challenges/:challengeId/release';
export const challengeReleaseNowRoute = '/api/admin/challenges/:challengeId/release/now';
export const examReleaseRoute = '/api/admin/exams/:examCode/release';
export const examReleaseNowRoute = '/api/admin/exams/:examCode/release/now';

export type ReleaseTarget =
  { kind: 'challenge'; challengeId: string } | { kind: 'exam'; examCode: string };
export function releasePath(target: ReleaseTarget, now = false): string {
  const base =
    target.kind === 'challenge'
      ? `/api/admin/challenges/${encodeURIComponent(target.challengeId)}/release`
      : `/api/admin/exams/${encodeURIComponent(target.examCode)}/release`;
  return now ? `${base}/now` : base;
}

export const releaseRequestSchema = z.object(
  { mode: z.enum(RELEASE_MODES, { error: releaseMessages.invalidMode }) },
  { error: releaseMessages.invalidMode },
);
export type ReleaseRequest = z.input<typeof releaseRequestSchema>;

export const releaseStateSchema = z.object({
  mode: z.enum(RELEASE_MODES),
  /** When "Release" was pressed; null until then. */
  releasedAt: z.string().nullable(),
  /** When an `after_end` rule releases by itself (the window's end). */
  endsAt: z.string(),
  /** Whether students see their results now. */
  released: z.boolean(),
});
export type ReleaseState = z.infer<typeof releaseStateSchema>;
