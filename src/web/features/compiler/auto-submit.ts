/**
 * When time is up the page submits the last draft once by itself (issue 5 §3). "Once" survives a
 * reload: a flag per student and problem in localStorage. Not worth sending: empty code, or a
 * moment past the deadline plus the grace, which the server would refuse anyway.
 */
import { storageGet, storageSet } from '../../lib/web-storage.ts';

/** `scope`: the problem's (lib/problem-scope.ts). */
const flagKey = (owner: string, scope: string) => `compiler-auto-submitted:${owner}:${scope}`;

export function autoSubmitDue(input: {
  now: number;
  deadline: number;
  graceSeconds: number;
  code: string;
  alreadyDone: boolean;
}): boolean {
  if (input.alreadyDone || input.code.trim() === '') return false;
  return input.now >= input.deadline && input.now <= input.deadline + input.graceSeconds * 1000;
}

export const autoSubmitDone = (owner: string, scope: string) =>
  storageGet('local', flagKey(owner, scope)) !== null;

export const markAutoSubmitted = (owner: string, scope: string) =>
  storageSet('local', flagKey(owner, scope), new Date().toISOString());
