/**
 * What this computer holds of each of the exam's problems: a draft, and submissions still waiting
 * for the network. Kept current while the student works in a problem's frame: the compiler page
 * writes its draft and its queue to localStorage (and IndexedDB), and a localStorage write in the
 * frame raises a `storage` event in this page (another window of the same origin), so the list
 * follows without asking the frame anything.
 */
import { useEffect, useState } from 'react';
import { draftKey, draftedScopes, queueKey, queuedScopes } from '../../lib/problem-scope.ts';

export type LocalWork = { drafted: ReadonlySet<string>; queued: ReadonlySet<string> };

export function useLocalWork(owner: string, scopes: readonly string[]): LocalWork {
  const [work, setWork] = useState<LocalWork>({ drafted: new Set(), queued: new Set() });
  // A new array of the same scopes each render must not start over.
  const key = scopes.join('\n');

  useEffect(() => {
    const list = key === '' ? [] : key.split('\n');
    let live = true;
    const check = () =>
      void draftedScopes(owner, list).then((drafted) => {
        if (live) setWork({ drafted, queued: queuedScopes(owner, list) });
      });
    check();
    const prefixes = [draftKey(owner, ''), queueKey(owner, '')];
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || prefixes.some((prefix) => event.key?.startsWith(prefix))) check();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      live = false;
      window.removeEventListener('storage', onStorage);
    };
  }, [owner, key]);

  return work;
}
