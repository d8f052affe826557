/**
 * The last history the server gave for a problem (issue 34 item 4: the student's feedback and
 * grade are readable offline once loaded), kept per student and problem scope (lib/problem-scope.ts) in
 * IndexedDB, as the statement's copy is (lib/problem-copies.ts). The page shows it when the
 * history call cannot reach the server; any answer from the server replaces it.
 */
import { historyResponseSchema, type HistoryResponse } from '../../../contract/compiler.ts';
import { idbGet, idbSet } from '../../lib/idb.ts';

const historyKey = (owner: string, scope: string) => `compiler-history:${owner}:${scope}`;

/** The whole answer: the submissions with their feedback, and the grade staff gave. */
export function saveHistoryCopy(owner: string, scope: string, answer: HistoryResponse) {
  return idbSet(historyKey(owner, scope), answer);
}

export async function loadHistoryCopy(
  owner: string,
  scope: string,
): Promise<HistoryResponse | undefined> {
  const parsed = historyResponseSchema.safeParse(await idbGet(historyKey(owner, scope)));
  return parsed.success ? parsed.data : undefined;
}
