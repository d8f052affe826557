import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Guard } from './guards.ts';
import { staffRouteProblem } from './staff-route-check.ts';

const staff: Guard = async () => {};
const student: Guard = async () => {};
const handler = () => undefined;

const route = (url: string, extra: Partial<RouteOptions> = {}): RouteOptions => ({
  method: 'GET',
  url,
  handler,
  ...extra,
});

describe('staff routes name their action', () => {
  it('accepts a staff route with its action, and the sign-in', () => {
    expect(
      staffRouteProblem(
        route('/api/admin/x', { onRequest: staff, config: { action: 'results.read' } }),
        staff,
      ),
    ).toBeUndefined();
    expect(staffRouteProblem(route('/api/admin/login', { method: 'POST' }), staff)).toBeUndefined();
    expect(staffRouteProblem(route('/api/user/x', { onRequest: student }), staff)).toBeUndefined();
  });

  it('refuses a staff route without an action, or with one the policy does not know', () => {
    expect(staffRouteProblem(route('/api/admin/x', { onRequest: [staff] }), staff)).toMatch(
      /without a policy action/,
    );
    const unknown = { config: { action: 'results.write' } } as unknown as Partial<RouteOptions>;
    expect(
      staffRouteProblem(route('/api/admin/x', { onRequest: staff, ...unknown }), staff),
    ).toMatch(/without a policy action/);
  });

  it('refuses an unguarded route under /api/admin/ and an action without the guard', () => {
    expect(staffRouteProblem(route('/api/admin/x'), staff)).toMatch(/not guarded/);
    expect(
      staffRouteProblem(
        route('/api/user/x', { onRequest: student, config: { action: 'results.read' } }),
        staff,
      ),
    ).toMatch(/not guarded by guards.staff/);
  });
});
