/**
 * Which of the exam's problems have a draft on this computer, kept current while the student
 * types in a problem's frame: the compiler page saves its draft to localStorage (and IndexedDB),
 * and a localStorage write in the frame raises a `storage` event in this page (another window of
 * the same origin), so the list says "Draft saved" without asking the frame anything.
 */
import { useEffect, useState } from 'react';
import { draftKey, draftedScopes } from '../../lib/problem-scope.ts';

export function useDraftedProblems(owner: string, scopes: readonly string[]): ReadonlySet<string> {
  const [drafted, setDrafted] = useState<ReadonlySet<string>>(new Set());
  // A new array of the same scopes each render must not start over.
  const key = scopes.join('\n');

  useEffect(() => {
    const list = key === '' ? [] : key.split('\n');
    let live = true;
    const check = () =>
      void draftedScopes(owner, list).then((found) => {
        if (live) setDrafted(found);
      });
    check();
    const prefix = draftKey(owner, '');
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith(prefix)) check();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      live = false;
      window.removeEventListener('storage', onStorage);
    };
  }, [owner, key]);

  return drafted;
}
