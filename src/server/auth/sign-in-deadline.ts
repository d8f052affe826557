/**
 * When a sign-in must be done by (issue 38): its arrival at the server plus SIGN_IN_WAIT_SECONDS,
 * on performance.now()'s clock, carried with the request's work (AsyncLocalStorage) from the
 * sign-in gate to the hash queue, which serves the request's hash only if it can be done by then.
 *
 * The hash queue used to count its budget from when the hash was asked for. In a burst of 1,000
 * a sign-in spends a second or two before that (its account, throttle and known-address queries,
 * behind everyone else's), so a hash started within its own budget could end after the page had
 * given up: answers past 10 s in the auth bench, on both databases.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const deadlines = new AsyncLocalStorage<number>();

/** Runs `work` (and everything it starts) with a deadline. */
export function withSignInDeadline<T>(deadline: number, work: () => T): T {
  return deadlines.run(deadline, work);
}

/** The deadline of the sign-in whose work is running, if any. */
export function signInDeadline(): number | undefined {
  return deadlines.getStore();
}
