/**
 * Submissions the server has stored but not judged yet, remembered per student and problem in
 * localStorage, so a page reloaded (or reopened after a network cut) goes on following them to
 * their result instead of forgetting them.
 */
import { z } from 'zod';
import { storageGetJson, storageSet } from '../../lib/web-storage.ts';

/** `scope`: the problem's (lib/problem-scope.ts). */
const key = (owner: string, scope: string) => `compiler-following:${owner}:${scope}`;
const idsSchema = z.array(z.string()).catch([]);

export function loadFollowed(owner: string, scope: string): string[] {
  return idsSchema.parse(storageGetJson('local', key(owner, scope)) ?? []);
}

export function rememberFollowed(owner: string, scope: string, id: string): void {
  const ids = loadFollowed(owner, scope);
  if (!ids.includes(id)) storageSet('local', key(owner, scope), JSON.stringify([...ids, id]));
}

export function forgetFollowed(owner: string, scope: string, id: string): void {
  const ids = loadFollowed(owner, scope).filter((x) => x !== id);
  storageSet('local', key(owner, scope), JSON.stringify(ids));
}
