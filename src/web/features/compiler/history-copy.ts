/**
 * The last history the server gave for a problem (issue 34 item 4: the student's feedback is
 * readable offline once loaded), kept per student and problem scope (lib/problem-scope.ts) in
 * IndexedDB, as the statement's copy is (lib/problem-copies.ts). The page shows it when the
 * history call cannot reach the server; any answer from the server replaces it.
 */
import { historyResponseSchema, type HistoryEntry } from '../../../contract/compiler.ts';
import { idbGet, idbSet } from '../../lib/idb.ts';

const historyKey = (owner: string, scope: string) => `compiler-history:${owner}:${scope}`;

export function saveHistoryCopy(owner: string, scope: string, entries: HistoryEntry[]) {
  return idbSet(historyKey(owner, scope), { submissions: entries });
}

export async function loadHistoryCopy(owner: string, scope: string): Promise<HistoryEntry[]> {
  const parsed = historyResponseSchema.safeParse(await idbGet(historyKey(owner, scope)));
  return parsed.success ? parsed.data.submissions : [];
}
