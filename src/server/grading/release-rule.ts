/**
 * Whether students see results now (issue 34 item 5, contract/result-release.ts): the one
 * decision every student call asks (student-release.ts), a pure function of the rule and the
 * server's clock. "Release" pressed counts whatever the mode, so an `after_end` rule can be
 * released early; a challenge or exam with no rule is `immediate`, as before releases existed.
 */
import type { ReleaseMode } from '../../contract/result-release.ts';

export type ReleaseRule = {
  mode: ReleaseMode;
  releasedAt: Date | null;
  /** The end of the window (or its stop, if earlier): when `after_end` releases. */
  endsAt: Date;
};

export function releasedFor(rule: ReleaseRule, now: Date): boolean {
  if (rule.releasedAt !== null && rule.releasedAt.getTime() <= now.getTime()) return true;
  switch (rule.mode) {
    case 'immediate':
      return true;
    case 'after_end':
      return now.getTime() >= rule.endsAt.getTime();
    case 'manual':
      return false;
  }
}
