/**
 * The one password check behind every login (students and administrators): a client unknown to
 * the account must find a password check left in the account's budget (unknown-clients.ts: a
 * guess spread over many addresses ends there, the owner's browser is never held back by it);
 * every client is refused while it must wait (login-throttle.ts: the one who fails waits, never
 * the account's owner); the password is verified against the stored hash (or a dummy one, so
 * unknown accounts cost the same time); a failure is counted, a success clears the account's
 * throttle counts and makes the client known to the account (its new device cookie is returned).
 */
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import type { UnknownClients } from './unknown-clients.ts';

type Account = { passwordHash: string | null };

const tooMany = (retryAfter: number) =>
  new HttpError(429, messages.tooManyAttempts, { 'retry-after': String(retryAfter) });

export async function passwordLogin<T extends Account>(options: {
  limiter: LoginThrottle;
  clients: UnknownClients;
  email: string;
  password: string;
  ip: string;
  /** The browser's device cookie, if it sent one. */
  deviceCookie: string | undefined;
  find: () => Promise<T | undefined>;
  /** The one message for a wrong password and an unknown account alike. */
  failureMessage: string;
  /** Admits the check at the sign-in gate (sign-in-gate.ts) once the budget has let it by. */
  admit?: () => void;
  /** When the check must be done by (sign-in-gate.ts signInDeadlineOf). */
  deadline?: number;
}): Promise<{ account: T; deviceCookie: string }> {
  const { limiter, clients, email, password, ip, find, failureMessage } = options;
  const known = await clients.knows(email, ip, options.deviceCookie);
  // The budget first: while it is spent, a guess costs one query (the known-address lookup).
  if (!known) {
    const slot = await clients.take(email);
    if (!slot.granted) throw tooMany(slot.retryAfter);
  }
  let account: T | undefined;
  let failed = false;
  try {
    options.admit?.();
    const retryAfter = await limiter.check(email, ip);
    if (retryAfter > 0) throw tooMany(retryAfter);
    account = await find();
    failed =
      !(await verifyPassword(account?.passwordHash ?? null, password, options.deadline)) ||
      !account;
  } finally {
    // Only a failure uses the slot: not a success, not a check that never ran (the throttle's
    // wait, a full hash queue).
    if (!known && !failed) await clients.giveBack(email);
  }
  if (failed || !account) {
    await limiter.record(email, ip);
    throw new HttpError(401, failureMessage);
  }
  await limiter.clear(email);
  return { account, deviceCookie: await clients.signedIn(email, ip, options.deviceCookie) };
}
