/**
 * SQL for the images of a challenge's statement (issue 31 item 4). The bytes are test data
 * (test-data-queries.ts: stored once per content, in chunks); challenge_images names them.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  CHALLENGE_IMAGE_TYPES,
  type ChallengeImage,
  type ChallengeImageType,
  type StatementImage,
} from '../../contract/challenge-images.ts';
import type { Db } from '../db/connection.ts';
import { attempts, challengeImages, challenges, testData } from '../db/schema.ts';

const asImageType = (value: string): ChallengeImageType =>
  CHALLENGE_IMAGE_TYPES.find((t) => t === value) ?? 'image/png';

/** The challenge's images by name; undefined when there is no such challenge. */
export async function listChallengeImages(
  db: Db,
  challengeId: string,
): Promise<ChallengeImage[] | undefined> {
  const [challenge] = await db
    .select({ id: challenges.challengeId })
    .from(challenges)
    .where(eq(challenges.challengeId, challengeId));
  if (!challenge) return undefined;
  const rows = await db
    .select({
      name: challengeImages.name,
      sha256: challengeImages.sha256,
      mediaType: challengeImages.mediaType,
      size: testData.size,
    })
    .from(challengeImages)
    .innerJoin(testData, eq(testData.sha256, challengeImages.sha256))
    .where(eq(challengeImages.challengeId, challengeId))
    .orderBy(asc(challengeImages.name));
  return rows.map((r) => ({ ...r, mediaType: asImageType(r.mediaType) }));
}

/** What the compiler page's statement read lists: name, hash and type of each image. */
export async function statementImagesOf(db: Db, challengeId: string): Promise<StatementImage[]> {
  const rows = await db
    .select({
      name: challengeImages.name,
      sha256: challengeImages.sha256,
      mediaType: challengeImages.mediaType,
    })
    .from(challengeImages)
    .where(eq(challengeImages.challengeId, challengeId))
    .orderBy(asc(challengeImages.name));
  return rows.map((r) => ({ ...r, mediaType: asImageType(r.mediaType) }));
}

export type SaveImageResult =
  { status: 'saved'; image: ChallengeImage } | { status: 'no-challenge' } | { status: 'too-many' };

/**
 * Names stored bytes as the challenge's image `name`, replacing an image of that name. The
 * challenge's row is locked while its images are counted, so two uploads at once cannot pass
 * the limit together, and a challenge deleted meanwhile is answered as missing.
 */
export async function saveChallengeImage(
  db: Db,
  image: { challengeId: string; name: string; sha256: string; mediaType: ChallengeImageType },
  maxCount: number,
): Promise<SaveImageResult> {
  return db.transaction(async (tx) => {
    const [challenge] = await tx
      .select({ id: challenges.challengeId })
      .from(challenges)
      .where(eq(challenges.challengeId, image.challengeId))
      .for('update');
    if (!challenge) return { status: 'no-challenge' as const };
    const [others] = await tx
      .select({ n: count() })
      .from(challengeImages)
      .where(
        and(
          eq(challengeImages.challengeId, image.challengeId),
          sql`${challengeImages.name} <> ${image.name}`,
        ),
      );
    if ((others?.n ?? 0) >= maxCount) return { status: 'too-many' as const };
    await tx
      .insert(challengeImages)
      .values(image)
      .onConflictDoUpdate({
        target: [challengeImages.challengeId, challengeImages.name],
        set: { sha256: image.sha256, mediaType: image.mediaType, createdAt: sql`now()` },
      });
    const [stored] = await tx
      .select({ size: testData.size })
      .from(testData)
      .where(eq(testData.sha256, image.sha256));
    return {
      status: 'saved' as const,
      image: {
        name: image.name,
        sha256: image.sha256,
        mediaType: image.mediaType,
        size: stored?.size ?? 0,
      },
    };
  });
}

/** Removes the image `name` of the challenge; false when there was none. */
export async function deleteChallengeImage(
  db: Db,
  challengeId: string,
  name: string,
): Promise<boolean> {
  const removed = await db
    .delete(challengeImages)
    .where(and(eq(challengeImages.challengeId, challengeId), eq(challengeImages.name, name)))
    .returning({ name: challengeImages.name });
  return removed.length > 0;
}

/** The image `name` of the challenge, for the teacher's preview. */
export async function findChallengeImage(
  db: Db,
  challengeId: string,
  name: string,
): Promise<{ sha256: string; mediaType: ChallengeImageType } | undefined> {
  const [row] = await db
    .select({ sha256: challengeImages.sha256, mediaType: challengeImages.mediaType })
    .from(challengeImages)
    .where(and(eq(challengeImages.challengeId, challengeId), eq(challengeImages.name, name)));
  return row && { sha256: row.sha256, mediaType: asImageType(row.mediaType) };
}

/**
 * The image of hash `sha256` of the challenge, if the student has opened the challenge: the rule
 * of the statement itself (it is refused before the start date, when nobody has opened it yet,
 * and kept for whoever opened it), read in one statement without recording anything.
 */
export async function findStatementImage(
  db: Db,
  userId: string,
  challengeId: string,
  sha256: string,
): Promise<{ mediaType: ChallengeImageType } | undefined> {
  const [row] = await db
    .select({ mediaType: challengeImages.mediaType })
    .from(challengeImages)
    .innerJoin(
      attempts,
      and(eq(attempts.challengeId, challengeImages.challengeId), eq(attempts.userId, userId)),
    )
    .where(and(eq(challengeImages.challengeId, challengeId), eq(challengeImages.sha256, sha256)))
    .limit(1);
  return row && { mediaType: asImageType(row.mediaType) };
}
