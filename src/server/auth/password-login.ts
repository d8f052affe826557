/**
 * The one password check behind every login (students and administrators): refuse while this
 * client must wait (login-throttle.ts: the one who fails waits, never the account's owner), verify
 * against the stored hash (or a dummy one, so unknown accounts cost the same time), count a
 * failure, clear the account's counts on success.
 */
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';

type Account = { passwordHash: string | null };

export async function passwordLogin<T extends Account>(options: {
  limiter: LoginThrottle;
  email: string;
  password: string;
  ip: string;
  find: () => Promise<T | undefined>;
  /** The one message for a wrong password and an unknown account alike. */
  failureMessage: string;
}): Promise<T> {
  const { limiter, email, password, ip, find, failureMessage } = options;
  const retryAfter = await limiter.check(email, ip);
  if (retryAfter > 0) {
    throw new HttpError(429, messages.tooManyAttempts, { 'retry-after': String(retryAfter) });
  }
  const account = await find();
  const ok = await verifyPassword(account?.passwordHash ?? null, password);
  if (!account || !ok) {
    await limiter.record(email, ip);
    throw new HttpError(401, failureMessage);
  }
  await limiter.clear(email);
  return account;
}
