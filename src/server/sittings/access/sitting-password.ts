/**
 * The sitting password's hash: scrypt (node:crypto) with N=2^13, r=8, p=1 (8 MiB, ~20 ms), a
 * random 16-byte salt per password. Never plain text in the database. Cheaper than the accounts'
 * argon2id (auth/passwords.ts), on purpose:
 * - it lives for one sitting and is shared by a room, not a personal secret reused elsewhere;
 *   its real protection is the online throttle (check-access.ts), since a room password is short
 *   enough that no hash cost would stop an offline guess for long anyway;
 * - the whole room types it at the same minute, the minute everyone also signs in: these checks
 *   stay out of the accounts' hash queue (auth/hash-queue.ts), whose 503 would then refuse
 *   sign-ins. scrypt runs in libuv's thread pool, so the event loop does not wait on it either.
 * Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can change without a migration.
 */
import crypto from 'node:crypto';

const COST = { N: 2 ** 13, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) =>
    crypto.scrypt(password.normalize('NFC'), salt, KEY_BYTES, cost, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashSittingPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')]
    .map(String)
    .join('$');
}

export async function verifySittingPassword(stored: string, password: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  try {
    const key = await derive(password, Buffer.from(salt, 'base64url'), cost);
    return key.length === expected.length && crypto.timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}
