/**
 * The budget of failed logins per account from clients that never signed in to it (issue 30).
 * login-throttle.ts slows each address that fails, but every new address got two free guesses:
 * 300 addresses made 600 guesses a minute on one account, none refused. Here the password checks
 * granted to unknown clients on an account are counted per hour, in the database (every server
 * process shares the count), and once LOGIN_UNKNOWN_FAILURES_PER_HOUR is spent the
 * unknown ones wait for the next hour. A client is known to the account when its browser carries
 * a device cookie for it (device-cookie.ts) or its address signed in to it in the last 30 days;
 * known clients are never charged nor held back by the budget (the throttle still slows them).
 *
 * Choices:
 * - A slot is taken before the password is checked, in one statement that cannot go past the
 *   budget, so 300 simultaneous guesses get at most the budget's worth of checks; a success gives
 *   its slot back (it was no failure), and so does a check that never happened (the hash queue
 *   was full).
 * - A success, from a known client or not, never resets the count: otherwise a guesser could
 *   spend the budget, wait for the owner's next sign-in and have a full one again.
 * - An email without an account is counted exactly like one with an account, so the answers
 *   (401, then 429) say nothing about which emails exist.
 * - A fixed hour: at most twice the budget across the turn of an hour, never more.
 * - Once a process has seen an account's budget spent, it refuses the account's unknown clients
 *   from memory until the hour is over, and reads the account's known addresses once every
 *   KNOWN_CACHE_MS instead of once a guess: 300 guesses a second cost PGlite four queries each
 *   otherwise, which kept the owner's sign-in waiting (bench/guessing.ts). Memory only ever
 *   refuses what the database would (a slot given back meanwhile waits for the next hour).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { authFailures, knownSignInAddresses } from '../db/schema.ts';
import { countFailure } from './count-failure.ts';
import type { DeviceCookies } from './device-cookie.ts';

export type UnknownClientBudget = { failures: number; windowSeconds: number };

/** The outcome of asking for a password check: granted, or the seconds to wait. */
export type Slot = { granted: true } | { granted: false; retryAfter: number };

export type UnknownClients = {
  /** Whether this client signed in to the account before (its cookie, or its address). */
  knows(email: string, ip: string, cookie: string | undefined): Promise<boolean>;
  /** Takes one of the account's password checks for an unknown client, if any are left. */
  take(email: string): Promise<Slot>;
  /** Gives a slot back: the check succeeded, or never happened. */
  giveBack(email: string): Promise<void>;
  /** After a success: the address is known from now on; answers the browser's new cookie. */
  signedIn(email: string, ip: string, cookie: string | undefined): Promise<string>;
};

/** How long an address that signed in stays known to the account. */
export const KNOWN_ADDRESS_DAYS = 30;
/**
 * How long a process trusts the known addresses it read for an account whose budget is spent: an
 * address that signed in on another server process meanwhile waits at most this long (a browser
 * with its device cookie never does).
 */
const KNOWN_CACHE_MS = 10_000;
/** Accounts whose spent budget one process remembers (each entry ~100 bytes). */
const SPENT_ENTRIES = 10_000;

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** `scope` names the login ('login', 'admin-login'), as in login-throttle.ts. */
export function createUnknownClients(options: {
  db: Db;
  scope: string;
  budget: UnknownClientBudget;
  devices: DeviceCookies;
}): UnknownClients {
  const { db, scope, budget, devices } = options;
  // Not under `${scope}:`: a success clears the throttle's keys of the account, never this one.
  const key = (email: string) => `budget:${scope}:${email}`;
  const window = sql`make_interval(secs => ${budget.windowSeconds})`;
  /** Email → when (Date.now()) its spent budget is renewed. */
  const spent = new Map<string, number>();
  function remember(email: string, until: number) {
    if (spent.size >= SPENT_ENTRIES) {
      const now = Date.now();
      for (const [key, at] of spent) if (at <= now) spent.delete(key);
      // Still full: the oldest entry goes (the database still refuses its guesses).
      const oldest = spent.keys().next();
      if (spent.size >= SPENT_ENTRIES && !oldest.done) spent.delete(oldest.value);
    }
    spent.set(email, until);
  }
  const isSpent = (email: string) => (spent.get(email) ?? 0) > Date.now();

  const addressesOf = (email: string) =>
    and(
      eq(knownSignInAddresses.scope, scope),
      eq(knownSignInAddresses.email, email),
      sql`${knownSignInAddresses.lastSignedInAt} > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`,
    );
  /** Email → its known addresses, read at `at`; kept only for accounts whose budget is spent. */
  const knownCache = new Map<string, { at: number; ips: Set<string> }>();
  async function knownAddressesOf(email: string): Promise<Set<string>> {
    const cached = knownCache.get(email);
    if (cached && Date.now() - cached.at < KNOWN_CACHE_MS) return cached.ips;
    const rows = await db
      .select({ ip: knownSignInAddresses.ip })
      .from(knownSignInAddresses)
      .where(addressesOf(email));
    for (const [cached] of knownCache) if (!isSpent(cached)) knownCache.delete(cached);
    const ips = new Set(rows.map((r) => r.ip));
    knownCache.set(email, { at: Date.now(), ips });
    return ips;
  }

  return {
    async knows(email, ip, cookie) {
      if (budget.failures === 0) return true;
      if (await devices.proves(cookie, scope, email)) return true;
      // While the account's budget is spent, every unknown guess would read the database here:
      // the account's known addresses are read once and kept for a few seconds instead.
      if (isSpent(email)) return (await knownAddressesOf(email)).has(ip);
      const known = await db
        .select({ ip: knownSignInAddresses.ip })
        .from(knownSignInAddresses)
        .where(and(addressesOf(email), eq(knownSignInAddresses.ip, ip)))
        .limit(1);
      return known.length > 0;
    },
    async take(email) {
      if (budget.failures === 0) return { granted: true };
      const renewed = spent.get(email);
      if (renewed !== undefined) {
        const left = renewed - Date.now();
        if (left > 0) return { granted: false, retryAfter: Math.ceil(left / 1000) };
        spent.delete(email);
      }
      const granted = await countFailure(
        db,
        key(email),
        budget.windowSeconds,
        'windowStart',
        budget.failures,
      );
      if (granted) return { granted: true };
      const rows = rowsOf(
        await db.execute(
          sql`select ceil(extract(epoch from (window_started_at + ${window} - now())))::int as remaining from auth_failures where key = ${key(email)}`,
        ),
      );
      const retryAfter = Math.max(1, Number(rows[0]?.remaining ?? 1));
      remember(email, Date.now() + retryAfter * 1000);
      return { granted: false, retryAfter };
    },
    async giveBack(email) {
      await db
        .update(authFailures)
        .set({ failures: sql`greatest(${authFailures.failures} - 1, 0)` })
        .where(eq(authFailures.key, key(email)));
    },
    async signedIn(email, ip, cookie) {
      knownCache.get(email)?.ips.add(ip);
      if (budget.failures > 0) {
        await db
          .insert(knownSignInAddresses)
          .values({ scope, email, ip })
          .onConflictDoUpdate({
            target: [
              knownSignInAddresses.scope,
              knownSignInAddresses.email,
              knownSignInAddresses.ip,
            ],
            set: { lastSignedInAt: sql`now()` },
          });
      }
      return devices.after(cookie, scope, email);
    },
  };
}
