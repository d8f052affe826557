/**
 * Redeems an activation link (issue 15 item 3): under the token's row lock (two tabs sending the
 * same link: one wins), sets the first password of an account that has none and uses up every
 * live token of the user, in one transaction. An account that has a password already is refused
 * as 'used': a link to an active account changes its password only through the reset page, whose
 * rules (ending sessions) apply there.
 */
import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { resetTokens, users } from '../db/schema.ts';
import { classify, type TokenProblem } from '../password-reset/reset-token-queries.ts';
import type { UserRow } from './user-queries.ts';

export async function redeemClaimToken(
  db: Db,
  values: { tokenHash: string; passwordHash: string; now: Date },
): Promise<{ ok: true; user: UserRow } | { ok: false; problem: TokenProblem }> {
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
      .set({ passwordHash, oneTimePasswordExpiresAt: null })
      // No password yet, or only a one-time one from staff (issue 33): either way, not chosen.
      .where(
        and(
          eq(users.id, check.userId),
          or(isNull(users.passwordHash), isNotNull(users.oneTimePasswordExpiresAt)),
        ),
      )
      .returning();
    if (!user) return { ok: false, problem: 'used' };
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
    return { ok: true, user };
  });
}
