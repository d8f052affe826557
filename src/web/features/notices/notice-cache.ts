/**
 * This computer's copy of a student's notices (issue 32 item 5): the last list read and how far
 * the student has seen, so the announcements stay readable offline and the "new" count survives a
 * reload. Kept in IndexedDB (lib/idb.ts); a copy that does not parse reads as none.
 */
import { z } from 'zod';
import { studentNoticesSchema, type StudentNotices } from '../../../contract/notices.ts';
import { idbGet, idbSet } from '../../lib/idb.ts';

const cachedSchema = z.object({ notices: studentNoticesSchema, seen: z.number() });
export type CachedNotices = { notices: StudentNotices; seen: number };

const keyOf = (cacheKey: string) => `notices:${cacheKey}`;

export async function readCachedNotices(cacheKey: string): Promise<CachedNotices | undefined> {
  const parsed = cachedSchema.safeParse(await idbGet(keyOf(cacheKey)));
  return parsed.success ? parsed.data : undefined;
}

export function writeCachedNotices(cacheKey: string, cached: CachedNotices): Promise<void> {
  return idbSet(keyOf(cacheKey), cached);
}
