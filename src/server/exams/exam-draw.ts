/**
 * Which challenge of a slot's pool a student is given (docs/design/exams-and-sittings.md): the
 * SHA-256 of (sitting id, user id, slot ordinal) modulo the pool's size, over the pool sorted by
 * challenge id. Nothing random: the same inputs give the same problem on every server, and the
 * result is stored at the first open anyway (exam_draws), so a later edit of the pool or a change
 * of this rule moves nobody's draw.
 */
import crypto from 'node:crypto';

/**
 * `taken`: challenges this student already has in other slots (a pool edited after some
 * students drew may come to hold one): they are stepped over, so nobody sits one problem twice.
 * Undefined only for an empty pool.
 */
export function drawFromPool(
  pool: readonly string[],
  sittingId: string,
  userId: string,
  ordinal: number,
  taken: ReadonlySet<string> = new Set(),
): string | undefined {
  // Code-unit order, the same whatever the database's collation.
  const sorted = [...pool].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.length === 0) return undefined;
  const digest = crypto.createHash('sha256').update(`${sittingId}|${userId}|${ordinal}`).digest();
  const start = Number(BigInt(`0x${digest.toString('hex')}`) % BigInt(sorted.length));
  for (let step = 0; step < sorted.length; step++) {
    const pick = sorted[(start + step) % sorted.length];
    if (pick !== undefined && !taken.has(pick)) return pick;
  }
  return sorted[start];
}
