import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../contract/messages.ts';
import type { StudentSignUpMode } from '../../contract/auth.ts';
import { HttpError } from '../http-error.ts';
import { signUp, type SignUpDeps } from './sign-up.ts';
import type { UserRow } from './user-queries.ts';

const row = (passwordHash: string | null): UserRow => ({
  id: 'u1',
  email: 'ann@college.edu',
  name: 'ann',
  passwordHash,
  year: null,
  branch: null,
  college: null,
  tokenVersion: 0,
  oneTimePasswordExpiresAt: null,
  createdAt: new Date(0),
});

function deps(mode: StudentSignUpMode, existing: UserRow | undefined) {
  const d = {
    mode,
    find: vi.fn(async () => existing),
    insert: vi.fn(async (values: { email: string; name: string; passwordHash: string }) => ({
      ...row(values.passwordHash),
      name: values.name,
    })),
    hash: vi.fn(async (password: string) => `hash:${password}`),
  } satisfies SignUpDeps;
  return d;
}

const input = { email: 'ann@college.edu', name: 'ann typed', password: 'typed-pass-1' };

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error('expected an HttpError');
  return error;
}

describe('signUp', () => {
  it('open: a new email gets an account and a session, as the spec says', async () => {
    const d = deps('open', undefined);
    const outcome = await signUp(d, input);
    expect(outcome).toMatchObject({ kind: 'session', user: { name: 'ann typed' } });
    expect(d.insert).toHaveBeenCalledWith({
      email: input.email,
      name: input.name,
      passwordHash: 'hash:typed-pass-1',
    });
  });

  it('open: an existing account is the 409, after the same hashing as a new sign-up (item 6)', async () => {
    const d = deps('open', row('stored'));
    const error = await refusal(signUp(d, input));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(messages.accountExists);
    expect(d.hash).toHaveBeenCalledTimes(1);
    expect(d.insert).not.toHaveBeenCalled();
  });

  it('every mode: a roster entry is never claimed by sign-up; an activation link is mailed', async () => {
    for (const mode of ['open', 'roster'] as const) {
      const d = deps(mode, row(null));
      expect(await signUp(d, input)).toEqual({
        kind: 'mailed',
        mail: { kind: 'activate', email: input.email },
      });
      expect(d.insert).not.toHaveBeenCalled();
      // open hashes anyway (the answer's time), the password itself is never kept.
      expect(d.hash).toHaveBeenCalledTimes(mode === 'open' ? 1 : 0);
    }
  });

  it('roster: an email not on the roster gets the mailed answer too, and no account', async () => {
    const d = deps('roster', undefined);
    expect(await signUp(d, input)).toEqual({
      kind: 'mailed',
      mail: { kind: 'not-on-roster', email: input.email },
    });
    expect(d.insert).not.toHaveBeenCalled();
  });

  it('verify: every sign-up is the mailed answer, decided without looking the email up', async () => {
    const d = deps('verify', row('stored'));
    expect(await signUp(d, input)).toEqual({
      kind: 'mailed',
      mail: { kind: 'verify', email: input.email, name: input.name },
    });
    expect(d.find).not.toHaveBeenCalled();
    expect(d.hash).not.toHaveBeenCalled();
  });
});
