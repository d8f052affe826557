/**
 * Submissions the server has stored but not judged yet, remembered per student and challenge in
 * localStorage, so a page reloaded (or reopened after a network cut) goes on following them to
 * their result instead of forgetting them.
 */
import { z } from 'zod';
import { storageGetJson, storageSet } from '../../lib/web-storage.ts';

const key = (owner: string, challengeId: string) => `compiler-following:${owner}:${challengeId}`;
const idsSchema = z.array(z.string()).catch([]);

export function loadFollowed(owner: string, challengeId: string): string[] {
  return idsSchema.parse(storageGetJson('local', key(owner, challengeId)) ?? []);
}

export function rememberFollowed(owner: string, challengeId: string, id: string): void {
  const ids = loadFollowed(owner, challengeId);
  if (!ids.includes(id)) storageSet('local', key(owner, challengeId), JSON.stringify([...ids, id]));
}

export function forgetFollowed(owner: string, challengeId: string, id: string): void {
  const ids = loadFollowed(owner, challengeId).filter((x) => x !== id);
  storageSet('local', key(owner, challengeId), JSON.stringify(ids));
}
