/**
 * No staff route without its action (issue 33): as each route is added, a route guarded by
 * `guards.staff` must name a policy action, a route naming one must be guarded by it, and every
 * route under /api/admin/ but the sign-in must be a staff route. A route that breaks this stops
 * the server at start (and so every test), instead of answering with nobody's rules.
 */
import type { RouteOptions } from 'fastify';
import { adminLoginPath } from '../../contract/admin.ts';
import { acceptInvitationPath } from '../../contract/staff.ts';
import type { Guard } from './guards.ts';
import { isStaffAction } from './policy.ts';

/** Calls under /api/admin/ that are not staff calls: signing in is how one becomes staff. */
const openAdminPaths = new Set([adminLoginPath, acceptInvitationPath]);

export function staffRouteProblem(route: RouteOptions, staffGuard: Guard): string | undefined {
  const hooks = [route.onRequest ?? []].flat();
  const guarded = hooks.includes(staffGuard);
  const action: unknown = route.config?.action;
  const name = `${[route.method].flat().join(',')} ${route.url}`;
  if (guarded && !isStaffAction(action)) {
    return `${name} is a staff route without a policy action (config.action, auth/policy.ts)`;
  }
  if (!guarded && action !== undefined) {
    return `${name} names a staff action but is not guarded by guards.staff`;
  }
  if (!guarded && route.url.startsWith('/api/admin/') && !openAdminPaths.has(route.url)) {
    return `${name} is under /api/admin/ but not guarded by guards.staff`;
  }
  return undefined;
}

/**
 * Checks the route as it is added and gives every staff route the course check (`scope`,
 * guards.staffScope) as its first preValidation hook: once the body is parsed, before it is
 * validated, so someone outside the course learns nothing, not even what their input lacks.
 */
export function checkStaffRoute(route: RouteOptions, staffGuard: Guard, scope: Guard): void {
  const problem = staffRouteProblem(route, staffGuard);
  if (problem) throw new Error(problem);
  if ([route.onRequest ?? []].flat().includes(staffGuard)) {
    route.preValidation = [scope, ...[route.preValidation ?? []].flat()];
  }
}
