/**
 * When time is up the page submits the last draft once by itself (issue 5 §3). "Once" survives a
 * reload: a flag per student and challenge in localStorage. Not worth sending: empty code, or a
 * moment past the deadline plus the grace, which the server would refuse anyway.
 */
import { storageGet, storageSet } from '../../lib/web-storage.ts';

const flagKey = (owner: string, challengeId: string) =>
  `compiler-auto-submitted:${owner}:${challengeId}`;

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

export const autoSubmitDone = (owner: string, challengeId: string) =>
  storageGet('local', flagKey(owner, challengeId)) !== null;

export const markAutoSubmitted = (owner: string, challengeId: string) =>
  storageSet('local', flagKey(owner, challengeId), new Date().toISOString());
