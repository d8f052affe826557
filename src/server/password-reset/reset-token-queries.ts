/**
 * SQL for reset tokens. A token is valid while unused, unexpired and the newest of its user:
 * issuing one ends the older ones (their expires_at is set to that moment), and using one marks
 * every live token of the user used, in the same transaction as the password update.
 * Times come from the server's clock (passed in), so tests can move it.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { resetTokens, users } from '../db/schema.ts';

export type TokenProblem = 'invalid' | 'used' | 'replaced' | 'expired';
export type TokenCheck = { ok: true; userId: string } | { ok: false; problem: TokenProblem };

type TokenRow = typeof resetTokens.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function issueResetToken(
  db: Db,
  values: { userId: string; tokenHash: string; now: Date; ttlSeconds: number },
): Promise<void> {
  const { userId, tokenHash, now, ttlSeconds } = values;
  await db.transaction(async (tx) => {
    await tx
      .update(resetTokens)
      .set({ expiresAt: now })
      .where(
        and(
          eq(resetTokens.userId, userId),
          isNull(resetTokens.usedAt),
          gt(resetTokens.expiresAt, now),
        ),
      );
    await tx.insert(resetTokens).values({
      tokenHash,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    });
  });
}

/** Why a token cannot be used, or whose it is (also under the lock of users/claim-token.ts). */
export async function classify(
  tx: Db | Tx,
  row: TokenRow | undefined,
  now: Date,
): Promise<TokenCheck> {
  if (!row) return { ok: false, problem: 'invalid' };
  if (row.usedAt) return { ok: false, problem: 'used' };
  const [newer] = await tx
    .select({ tokenHash: resetTokens.tokenHash })
    .from(resetTokens)
    .where(and(eq(resetTokens.userId, row.userId), gt(resetTokens.createdAt, row.createdAt)))
    .limit(1);
  if (newer) return { ok: false, problem: 'replaced' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, problem: 'expired' };
  return { ok: true, userId: row.userId };
}

/** Read-only check, so a bad link costs no password hashing. */
export async function checkResetToken(db: Db, tokenHash: string, now: Date): Promise<TokenCheck> {
  const [row] = await db
    .select()
    .from(resetTokens)
    .where(eq(resetTokens.tokenHash, tokenHash))
    .limit(1);
  return classify(db, row, now);
}

/**
 * Checks the token again under a row lock (two tabs submitting the same link: one wins), sets the
 * password (a roster student's first one too) and uses up every live token of the user. The
 * account's token version goes up with the password, in the same statement: every session and
 * compiler token issued before the reset ends (auth/session-versions.ts; the caller announces it).
 */
export async function redeemResetToken(
  db: Db,
  values: { tokenHash: string; passwordHash: string; now: Date },
): Promise<
  | { ok: true; email: string; userId: string; tokenVersion: number }
  | { ok: false; problem: TokenProblem }
> {
  const { tokenHash, passwordHash, now } = values;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(resetTokens)
      .where(eq(resetTokens.tokenHash, tokenHash))
      .for('update');
    const check = await classify(tx, row, now);
    if (!check.ok) return check;
    const [user] = await tx
      .update(users)
      // The student's own password: a one-time one given by staff (issue 33) is over too.
      .set({
        passwordHash,
        oneTimePasswordExpiresAt: null,
        tokenVersion: sql`${users.tokenVersion} + 1`,
      })
      .where(eq(users.id, check.userId))
      .returning({ email: users.email, tokenVersion: users.tokenVersion });
    if (!user) return { ok: false, problem: 'invalid' };
    await tx
      .update(resetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(resetTokens.userId, check.userId),
          isNull(resetTokens.usedAt),
          gt(resetTokens.expiresAt, now),
        ),
      );
    return { ok: true, email: user.email, userId: check.userId, tokenVersion: user.tokenVersion };
  });
}
