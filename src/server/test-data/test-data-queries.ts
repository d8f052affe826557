/**
 * SQL for big test data (issue 14 item 6): files stored once per content, by SHA-256, as chunks
 * of at most CHUNK_BYTES. Writing and reading go one chunk per statement, outside any long
 * transaction: PGlite has one connection, which an upload of 64 MB must not hold for its length.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { TestDataRef } from '../../contract/test-data.ts';
import type { Db } from '../db/connection.ts';
import { challengeImages, testCases, testData, testDataChunks } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';

export const CHUNK_BYTES = 1024 * 1024;

export class TestDataTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`test data over ${maxBytes} bytes`);
    this.name = 'TestDataTooLargeError';
  }
}

/**
 * Stores what `source` yields and answers its reference. Over `maxBytes`, or if `source` fails,
 * nothing is kept. Content already stored is not stored again (its upload time is refreshed, so
 * the clean-up below leaves it to the save that follows).
 */
export async function storeTestData(
  db: Db,
  source: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
  maxBytes: number,
): Promise<TestDataRef> {
  const [row] = await db.insert(testData).values({}).returning({ id: testData.id });
  if (!row) throw new Error('test_data: no row inserted');
  const { id } = row;
  const hash = createHash('sha256');
  let sha256: string | undefined;
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const bytes = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await db.insert(testDataChunks).values({ dataId: id, seq: seq++, bytes });
  };
  try {
    for await (const piece of source) {
      let chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
      size += chunk.length;
      if (size > maxBytes) throw new TestDataTooLargeError(maxBytes);
      hash.update(chunk);
      while (chunk.length > 0) {
        const room = CHUNK_BYTES - pendingBytes;
        pending.push(chunk.subarray(0, room));
        pendingBytes += Math.min(room, chunk.length);
        chunk = chunk.subarray(room);
        if (pendingBytes === CHUNK_BYTES) await flush();
      }
    }
    await flush();
    sha256 = hash.digest('hex');
    const name = sha256;
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .update(testData)
        .set({ uploadedAt: sql`now()` })
        .where(eq(testData.sha256, name))
        .returning({ size: testData.size });
      if (existing) {
        await tx.delete(testData).where(eq(testData.id, id));
        return { sha256: name, size: existing.size };
      }
      await tx.update(testData).set({ sha256: name, size }).where(eq(testData.id, id));
      return { sha256: name, size };
    });
  } catch (error) {
    await db.delete(testData).where(eq(testData.id, id));
    // Two uploads of the same new content finishing together: the other one's copy stands.
    if (sha256 && isUniqueViolation(error)) return { sha256, size };
    throw error;
  }
}

/** The stored files among `sha256s`, with their sizes. */
export async function storedSizes(db: Db, sha256s: string[]): Promise<Map<string, number>> {
  if (sha256s.length === 0) return new Map();
  const rows = await db
    .select({ sha256: testData.sha256, size: testData.size })
    .from(testData)
    .where(and(inArray(testData.sha256, [...new Set(sha256s)]), isNotNull(testData.sha256)));
  return new Map(rows.flatMap((r) => (r.sha256 ? [[r.sha256, r.size] as const] : [])));
}

/** A stored file's bytes, one chunk at a time; undefined when there is no such file. */
export async function readTestData(
  db: Db,
  sha256: string,
): Promise<{ size: number; chunks: AsyncGenerator<Buffer> } | undefined> {
  const [row] = await db
    .select({ id: testData.id, size: testData.size })
    .from(testData)
    .where(eq(testData.sha256, sha256));
  if (!row) return undefined;
  const { id } = row;
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq++) {
      const [chunk] = await db
        .select({ bytes: testDataChunks.bytes })
        .from(testDataChunks)
        .where(and(eq(testDataChunks.dataId, id), eq(testDataChunks.seq, seq)));
      if (!chunk) return;
      yield chunk.bytes;
    }
  }
  return { size: row.size, chunks: chunks() };
}

/**
 * Removes the files no test and no statement image uses that were last uploaded over a day ago (a
 * teacher's upload waits that long for its form to be saved), and uploads that never finished.
 * Returns how many.
 */
export async function removeUnusedTestData(db: Db): Promise<number> {
  const removed = await db
    .delete(testData)
    .where(
      and(
        lt(testData.uploadedAt, sql`now() - interval '1 day'`),
        sql`not exists (select 1 from ${testCases} t where t.input_sha256 = ${testData.sha256} or t.expected_output_sha256 = ${testData.sha256})`,
        sql`not exists (select 1 from ${challengeImages} i where i.sha256 = ${testData.sha256})`,
      ),
    )
    .returning({ id: testData.id });
  return removed.length;
}
