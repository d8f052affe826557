/**
 * Password hashing with argon2id at the OWASP minimum (19 MiB, t=2, p=1). @node-rs/argon2 runs
 * in libuv's thread pool, so hashing never blocks the event loop; hash-queue.ts hands the hashes
 * out in arrival order and answers 503 when one could not be done in time.
 */
import { hash, verify } from '@node-rs/argon2';
import { hashQueue } from './hash-queue.ts';

// Algorithm.Argon2id; the library exports it as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** `deadline`: a sign-in's (sign-in-gate.ts signInDeadlineOf), when the hash is one's. */
export function hashPassword(password: string, deadline?: number): Promise<string> {
  return hashQueue.run(() => hash(password, options), deadline);
}

// Checked against when the account does not exist, so a wrong email costs the same time as a
// wrong password and the answer time does not reveal who has an account.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
  deadline?: number,
): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash('not-a-real-password-only-for-timing', options);
    const dummy = await dummyHash;
    await hashQueue.run(() => verify(dummy, password), deadline);
    return false;
  }
  return hashQueue.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }, deadline);
}
