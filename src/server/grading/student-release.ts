/**
 * The one place student answers are held back until results are released (issue 34 item 5,
 * contract/result-release.ts). Every student call that carries a score, a verdict, hidden tests'
 * outcomes or feedback builds its answer as usual and passes it through one of these, with the
 * decision of `releasedFor`: the compiler page's statement (best score), Submit and the result
 * call (submission-state.ts), the history (with feedback), the student's list of challenges and
 * the exam screen. What stays: the samples' outcomes, counts of tests, and that a submission
 * was made. Nothing the client sends changes it: the decision is the server's rule and clock.
 */
import type { ChallengeSummary } from '../../contract/challenges.ts';
import type { CompilerChallenge, HistoryEntry, SubmissionState } from '../../contract/compiler.ts';
import type { StudentExam } from '../../contract/exams.ts';
import type { Db } from '../db/connection.ts';
import { attemptReleaseRule, challengeReleaseRules, examReleaseRule } from './release-queries.ts';
import { releasedFor } from './release-rule.ts';

export type ReleaseClock = { timeZone: string; now: () => Date };

/** Whether results of submissions made in this sitting attempt are released to its student. */
export async function releasedForAttempt(
  db: Db,
  clock: ReleaseClock,
  sittingAttemptId: string,
): Promise<boolean> {
  const rule = await attemptReleaseRule(db, sittingAttemptId, clock.timeZone);
  return rule === undefined || releasedFor(rule, clock.now());
}

/** Whether the exam's results are released. */
export async function releasedForExam(
  db: Db,
  clock: ReleaseClock,
  examSittingId: string,
): Promise<boolean> {
  const rule = await examReleaseRule(db, examSittingId, clock.timeZone);
  return rule === undefined || releasedFor(rule, clock.now());
}

export function gateChallenge(challenge: CompilerChallenge, released: boolean): CompilerChallenge {
  return released ? challenge : { ...challenge, bestScore: null, released: false };
}

/** A judged submission not released becomes `withheld`: its samples only. */
export function gateState(state: SubmissionState, released: boolean): SubmissionState {
  if (released || state.status !== 'judged') return state;
  const { submissionId, challengeId, createdAt, samples, compileOutput } = state;
  return {
    status: 'withheld',
    submissionId,
    challengeId,
    createdAt,
    samples,
    ...(compileOutput === undefined ? {} : { compileOutput }),
  };
}

export function gateHistory(entry: HistoryEntry, released: boolean): HistoryEntry {
  if (released) return entry;
  const { feedback: _feedback, ...rest } = entry;
  return {
    ...rest,
    verdict: null,
    score: null,
    hidden: { total: entry.hidden.total, passed: 0 },
    released: false,
  };
}

export function gateExam(exam: StudentExam, released: boolean): StudentExam {
  if (released) return exam;
  return {
    ...exam,
    problems: exam.problems.map((p) => ({ ...p, score: null })),
    total: null,
    released: false,
  };
}

/** The student's list of challenges: each one's best score only where its results are out. */
export async function gateChallengeList(
  db: Db,
  clock: ReleaseClock,
  list: ChallengeSummary[],
): Promise<ChallengeSummary[]> {
  const rules = await challengeReleaseRules(
    db,
    list.map((c) => c.challengeId),
    clock.timeZone,
  );
  const now = clock.now();
  return list.map((c) => {
    const rule = rules.get(c.challengeId);
    return rule === undefined || releasedFor(rule, now) ? c : { ...c, bestScore: null };
  });
}
