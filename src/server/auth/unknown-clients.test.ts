import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/connection.ts';
import { createDeviceCookies } from './device-cookie.ts';
import { createUnknownClients, type UnknownClients } from './unknown-clients.ts';

let database: DatabaseHandle;
let clients: UnknownClients;
const devices = createDeviceCookies(new TextEncoder().encode('s'.repeat(48)));
const BUDGET = 20;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await database.migrate();
  clients = createUnknownClients({
    db: database.db,
    scope: 'login',
    budget: { failures: BUDGET, windowSeconds: 3600 },
    devices,
  });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const takeMany = (email: string, count: number) =>
  Promise.all(Array.from({ length: count }, () => clients.take(email)));

describe('the budget of unknown clients per account (issue 30)', () => {
  it('grants exactly the budget of simultaneous checks, then says how long to wait', async () => {
    const slots = await takeMany('ann@college.edu', 300);
    expect(slots.filter((s) => s.granted)).toHaveLength(BUDGET);
    const refused = slots.find((s) => !s.granted);
    expect(refused).toMatchObject({ granted: false });
    const wait = refused && !refused.granted ? refused.retryAfter : 0;
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    // Another account has its own budget.
    expect((await clients.take('bob@college.edu')).granted).toBe(true);
  });

  it('gets a slot back for a success or a check that never ran, and a new budget each hour', async () => {
    const otherProcess = createUnknownClients({
      db: database.db,
      scope: 'login',
      budget: { failures: BUDGET, windowSeconds: 3600 },
      devices,
    });
    await takeMany('cy@college.edu', BUDGET);
    expect((await clients.take('cy@college.edu')).granted).toBe(false);
    await clients.giveBack('cy@college.edu');
    // The slot is back in the database; the process that saw the budget spent refuses from
    // memory (never more than the budget).
    expect((await otherProcess.take('cy@college.edu')).granted).toBe(true);
    expect((await otherProcess.take('cy@college.edu')).granted).toBe(false);
    await otherProcess.giveBack('cy@college.edu');
    expect((await clients.take('cy@college.edu')).granted).toBe(false);
    // An hour later, in the database and in memory, the budget is whole again.
    await database.db.execute(
      sql`update auth_failures set window_started_at = now() - interval '3601 seconds' where key = 'budget:login:cy@college.edu'`,
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3601 * 1000);
      const slots = await takeMany('cy@college.edu', BUDGET + 5);
      expect(slots.filter((s) => s.granted)).toHaveLength(BUDGET);
    } finally {
      vi.useRealTimers();
    }
  });

  it('knows a browser by its device cookie and an address that signed in, for 30 days', async () => {
    expect(await clients.knows('dee@college.edu', '203.0.113.5', undefined)).toBe(false);
    const cookie = await clients.signedIn('dee@college.edu', '198.51.100.1', undefined);
    expect(await clients.knows('dee@college.edu', '203.0.113.5', cookie)).toBe(true);
    expect(await clients.knows('dee@college.edu', '198.51.100.1', undefined)).toBe(true);
    // Neither proves another account, nor the same email on the administrators' login.
    expect(await clients.knows('eve@college.edu', '198.51.100.1', cookie)).toBe(false);
    const admins = createUnknownClients({
      db: database.db,
      scope: 'admin-login',
      budget: { failures: BUDGET, windowSeconds: 3600 },
      devices,
    });
    expect(await admins.knows('dee@college.edu', '198.51.100.1', cookie)).toBe(false);
    await database.db.execute(
      sql`update known_sign_in_addresses set last_signed_in_at = now() - interval '31 days'`,
    );
    expect(await clients.knows('dee@college.edu', '198.51.100.1', undefined)).toBe(false);
  });

  it('holds nobody back when turned off (0)', async () => {
    const off = createUnknownClients({
      db: database.db,
      scope: 'login',
      budget: { failures: 0, windowSeconds: 3600 },
      devices,
    });
    expect(await off.knows('fay@college.edu', '203.0.113.5', undefined)).toBe(true);
    expect(
      (await Promise.all(Array.from({ length: 30 }, () => off.take('fay@college.edu')))).every(
        (s) => s.granted,
      ),
    ).toBe(true);
  });
});
