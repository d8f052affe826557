/**
 * Drafts of the code, per student and problem (lib/problem-scope.ts), kept on this computer: in
 * IndexedDB and, as a second copy for browsers where IndexedDB fails (private windows, full
 * disks), in localStorage.
 * The newer of the two wins when the page opens again.
 */
import { z } from 'zod';
import { idbGet, idbSet } from '../../lib/idb.ts';
import { draftKey } from '../../lib/problem-scope.ts';
import { storageGetJson, storageSet } from '../../lib/web-storage.ts';

const draftSchema = z.object({ code: z.string(), savedAt: z.number() });
export type Draft = z.infer<typeof draftSchema>;

function parseDraft(value: unknown): Draft | undefined {
  const parsed = draftSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export async function loadDraft(owner: string, scope: string): Promise<Draft | undefined> {
  const key = draftKey(owner, scope);
  const [stored, local] = [parseDraft(await idbGet(key)), parseDraft(storageGetJson('local', key))];
  if (!stored) return local;
  if (!local) return stored;
  return local.savedAt > stored.savedAt ? local : stored;
}

export async function saveDraft(owner: string, scope: string, code: string): Promise<void> {
  const key = draftKey(owner, scope);
  const draft: Draft = { code, savedAt: Date.now() };
  storageSet('local', key, JSON.stringify(draft));
  await idbSet(key, draft);
}
