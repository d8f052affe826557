/**
 * Access rules of sittings (issue 32 item 4, contract/access-rules.ts): the one check every
 * student call makes where it resolves its sitting (check-access.ts), and the staff calls that
 * read and set the rules (access-rule-routes.ts).
 */
import { createAttemptLimiter, type AttemptLimits } from '../../auth/attempt-limits.ts';
import type { Db } from '../../db/connection.ts';
import { createAccessCheck, type CheckAccess } from './check-access.ts';

export { accessRuleRoutes } from './access-rule-routes.ts';
export type { CheckAccess } from './check-access.ts';

/**
 * The check, its password failures counted like sign-in's (LOGIN_MAX_FAILURES_PER_ACCOUNT per
 * student and sitting, LOGIN_MAX_FAILURES_PER_IP per address, in the same window) under a scope
 * of its own, so they never slow a sign-in and a sign-in's never slow the sitting.
 */
export function createSittingAccessCheck(db: Db, limits: AttemptLimits): CheckAccess {
  return createAccessCheck(db, createAttemptLimiter(db, 'sitting-password', limits));
}
