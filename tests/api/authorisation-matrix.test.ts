/**
 * The authorisation matrix (issue 33): every staff route the real app registers, called by every
 * kind of caller, answers as the policy table says (src/server/auth/policy.ts). The routes are
 * collected as the server starts and each carries its action (a staff route without one stops
 * the server: staff-route-check.ts), so a new route is in this matrix without anyone listing it.
 *
 * A refused caller gets exactly 401 (no session) or 403 (a session the policy does not allow);
 * an allowed one gets through the guard to the route's own validation or work, whatever that
 * answers for placeholder parameters and no body, but never 401, 403 or a server error.
 */
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { can, isStaffAction, type Actor, type StaffAction } from '../../src/server/auth/policy.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  databaseKinds,
  signUpStudent,
  startServer,
} from './harness.ts';

type StaffRoute = { method: string; url: string; action: StaffAction };
type Caller = { name: string; headers: Record<string, string>; actor: Actor | 'student' | 'none' };
type Expected = 401 | 403 | 'through';

function expectedFor(caller: Caller, action: StaffAction): Expected {
  if (caller.actor === 'none') return 401;
  if (caller.actor === 'student') return 403;
  return can(caller.actor, action) ? 'through' : 403;
}

function collect(into: StaffRoute[]) {
  return (route: RouteOptions) => {
    const action: unknown = route.config?.action;
    if (!isStaffAction(action)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') into.push({ method, url: route.url, action });
    }
  };
}

/** Placeholder parameters: the guard decides before any resource is looked up. */
const placeholderUrl = (url: string) => url.replace(/:[A-Za-z]+/g, 'placeholder');

describe.each(databaseKinds)('the authorisation matrix (%s)', (kind) => {
  it('gives every staff route x every caller the status the policy table gives', async () => {
    const routes: StaffRoute[] = [];
    const server = await startServer(kind, adminEnv, { onRoute: collect(routes) });
    try {
      const owner: Actor = {
        id: 'owner',
        email: adminEnv.ADMIN_EMAIL,
        role: 'owner',
        courses: new Map(),
      };
      const student = await signUpStudent(server, 'matrix@college.test');
      const callers: Caller[] = [
        { name: 'owner', headers: bearer(await adminToken(server)), actor: owner },
        { name: 'student', headers: bearer(student.token), actor: 'student' },
        { name: 'no session', headers: {}, actor: 'none' },
      ];
      // Every staff area is in the matrix (a route lost from the app would show here).
      expect(routes.length).toBeGreaterThanOrEqual(58);
      const mismatches: string[] = [];
      for (const route of routes) {
        for (const caller of callers) {
          const expected = expectedFor(caller, route.action);
          const response = await fetch(server.url + placeholderUrl(route.url), {
            method: route.method,
            headers: caller.headers,
          });
          await response.arrayBuffer();
          const got = response.status;
          const fine =
            expected === 'through' ? got !== 401 && got !== 403 && got < 500 : got === expected;
          if (!fine) {
            mismatches.push(
              `${route.method} ${route.url} (${route.action}) as ${caller.name}: ${got}, expected ${expected}`,
            );
          }
        }
      }
      expect(mismatches).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
