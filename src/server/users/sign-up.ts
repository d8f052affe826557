/**
 * What a sign-up does, by STUDENT_SIGNUP (issue 15 items 3 and 6). It answers either a session
 * (a new email in `open` mode, as the spec says) or "check your email" with the mail to send once
 * the answer is out; an existing account in `open` and `roster` mode is the spec's 409.
 *
 * - A roster entry (a user without a password) is never claimed by typing its email: in every
 *   mode the claim goes through a link mailed to it, and the typed password is dropped.
 * - `roster`: an email not on the roster gets the same answer as one on it (a different answer
 *   would tell anyone who is on the college's list); its mail says why no account was made.
 * - `verify`: every answer is the same, decided without looking the email up; the mail job finds
 *   out whether to send an activation link or, to an existing account, a notice.
 * - `open`: every path hashes the typed password, used or not, so the 409 and the mailed answers
 *   cost the same time as creating an account (the hash is nearly all of that time).
 */
import { messages } from '../../contract/messages.ts';
import type { StudentSignUpMode } from '../../contract/auth.ts';
import { HttpError } from '../http-error.ts';
import type { UserRow } from './user-queries.ts';

/** Mail sent after the answer: see sign-up-mail.ts. */
export type SignUpMail =
  /** A roster entry: mail it an activation link. */
  | { kind: 'activate'; email: string }
  /** `roster` mode, an email not on the roster: tell its owner no account was made. */
  | { kind: 'not-on-roster'; email: string }
  /** `verify` mode: an activation link for a new or unclaimed account, a notice to an active one. */
  | { kind: 'verify'; email: string; name: string };

export type SignUpOutcome =
  { kind: 'session'; user: UserRow } | { kind: 'mailed'; mail: SignUpMail };

export type SignUpDeps = {
  mode: StudentSignUpMode;
  find(email: string): Promise<UserRow | undefined>;
  /** undefined when the email was taken meanwhile. */
  insert(values: {
    email: string;
    name: string;
    passwordHash: string;
  }): Promise<UserRow | undefined>;
  hash(password: string): Promise<string>;
};

export async function signUp(
  deps: SignUpDeps,
  input: { email: string; name: string; password: string },
): Promise<SignUpOutcome> {
  const { email, name, password } = input;
  if (deps.mode === 'verify') return { kind: 'mailed', mail: { kind: 'verify', email, name } };
  const existing = await deps.find(email);
  // Hashed before any branch, so which branch was taken does not show in the time.
  const passwordHash = deps.mode === 'open' ? await deps.hash(password) : undefined;
  if (existing?.passwordHash) throw new HttpError(409, messages.accountExists);
  if (existing) return { kind: 'mailed', mail: { kind: 'activate', email } };
  if (passwordHash === undefined) return { kind: 'mailed', mail: { kind: 'not-on-roster', email } };
  const user = await deps.insert({ email, name, passwordHash });
  if (!user) throw new HttpError(409, messages.accountExists);
  return { kind: 'session', user };
}
