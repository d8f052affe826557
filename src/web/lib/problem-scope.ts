/**
 * Where a student's work on one problem is kept on this computer: drafts, the offline submission
 * queue, submissions being followed, the language picked, the auto-submit flag. A challenge sat
 * alone keeps the keys it always had (named by its id), so nothing typed before exams existed is
 * lost. Under an exam (issue 31) the same challenge is another standing on the server, so its
 * work here is another scope too: `exam:<code>/<challengeId>`, the code lower-cased because test
 * codes are matched without regard to case. A challenge id never holds `:` or `/`
 * (CHALLENGE_ID_PATTERN), so no scope can be read as another.
 *
 * The draft and queue keys are written down here, not only in the compiler page, because the
 * exam screen around it reads which of its problems have a draft ("draft saved" in its list) and
 * whether submissions still wait for the network (before the student finishes).
 */
import { idbKeys } from './idb.ts';
import { storageGetJson, storageKeys } from './web-storage.ts';

export function problemScope(challengeId: string, examCode?: string): string {
  return examCode ? `exam:${examCode.trim().toLowerCase()}/${challengeId}` : challengeId;
}

/**
 * The key of a draft. `draftScope` is a problem scope, or a problem scope and a language
 * (`<scope>:<language>`, the compiler page's draft of a language other than the default).
 */
export const draftKey = (owner: string, draftScope: string) =>
  `compiler-draft:${owner}:${draftScope}`;

/**
 * Which of `scopes` hold a draft in any language, from either stored copy (IndexedDB, and the
 * localStorage copy kept where IndexedDB fails).
 */
export async function draftedScopes(
  owner: string,
  scopes: readonly string[],
): Promise<Set<string>> {
  const stored = [...storageKeys('local'), ...(await idbKeys())];
  const found = new Set<string>();
  for (const scope of scopes) {
    const key = draftKey(owner, scope);
    if (stored.some((k) => k === key || k.startsWith(`${key}:`))) found.add(scope);
  }
  return found;
}

/** The key of a problem's offline submission queue (the compiler page's submission-queue.ts). */
export const queueKey = (owner: string, scope: string) => `compiler-queue:${owner}:${scope}`;

/**
 * Which of `scopes` have submissions waiting for the network, read from the queue's localStorage
 * copy (written first, and at once, whenever the queue changes).
 */
export function queuedScopes(owner: string, scopes: readonly string[]): Set<string> {
  return new Set(
    scopes.filter((scope) => {
      const queue = storageGetJson('local', queueKey(owner, scope));
      return Array.isArray(queue) && queue.length > 0;
    }),
  );
}
