/**
 * The last statement the server gave for each problem of an exam (the compiler page's challenge
 * call), kept on this computer so the problem still opens with the network gone (issue 31 item 5:
 * opening an exam caches what the student needs to go on offline). The exam screen fetches every
 * problem's statement right after the exam opens, and each compiler page refreshes its own copy
 * whenever it loads online.
 *
 * Kept here rather than by the service worker: the worker cannot check a token offline, so a
 * copy it kept by address would open to anyone on the lab computer, and it would hand back the
 * old `serverNow`, which the page reads as the server's clock (the countdown would gain the copy's
 * age). Here a copy is per student and problem (lib/problem-scope.ts) and remembers when it
 * arrived, so the page's clock is the one it measured then. A challenge sat alone keeps its copy
 * too (issue 34 item 4): its history, with the teacher's feedback, must open offline as well.
 */
import { compilerChallengeSchema, type CompilerChallenge } from '../../contract/compiler.ts';
import { idbGet, idbSet } from './idb.ts';

export type ProblemCopy = {
  challenge: CompilerChallenge;
  /** When it arrived, on this computer's clock: with its `serverNow`, the clock's offset. */
  receivedAt: number;
};

const copyKey = (owner: string, scope: string) => `compiler-copy:${owner}:${scope}`;

export function saveProblemCopy(
  owner: string,
  scope: string,
  challenge: CompilerChallenge,
  receivedAt: number = Date.now(),
): Promise<void> {
  return idbSet(copyKey(owner, scope), { challenge, receivedAt });
}

export async function loadProblemCopy(
  owner: string,
  scope: string,
): Promise<ProblemCopy | undefined> {
  const stored = await idbGet(copyKey(owner, scope));
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { challenge, receivedAt } = stored as Record<string, unknown>;
  const parsed = compilerChallengeSchema.safeParse(challenge);
  return parsed.success && typeof receivedAt === 'number'
    ? { challenge: parsed.data, receivedAt }
    : undefined;
}
