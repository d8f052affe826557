/**
 * Interactive problems (issue 35 item 4; Kattis `validation: custom interactive`, DOMjudge's
 * interactive problems): the problem's validator runs as the interactor, invoked as the Kattis
 * output validator interface says (`interactor input answer feedback_dir < submission_stdout >
 * submission_stdin`), in a box of its own (its own uid, cgroups, namespaces and /tmp: a fresh box
 * per run, never a shared one), with the checker's limits. The two boxes share nothing but the two
 * FIFOs that join one's stdout to the other's stdin (box-launcher.py makes and opens them).
 *
 * Who decides, as the Kattis format and problemtools do ("the first to fail decides"):
 * - An interactor that fails (exit code neither 42 nor 43, a crash, its limits) is a judge error,
 *   never the student's fault, whatever the submission did; unless the judge itself killed it
 *   because the submission had already run into one of its limits (then that verdict stands).
 * - The interactor exits 43 (Wrong Answer) before the submission ended: Wrong Answer, even when
 *   the submission then crashed (SIGPIPE on writing to the gone interactor) or was killed; the
 *   submission is stopped after a short grace (REJECTION_GRACE_MS: its own end, if it came
 *   already, is then read from its report rather than replaced by the judge's kill).
 * - Two ends within TIE_MS of each other are one instant to the judge: which report came first
 *   depends on how a loaded machine scheduled the two boxes (a program that aborted and the
 *   interactor that then read end-of-file and rejected were seen in either order, 1 run in 8 on
 *   CI). There a crash by a signal of the program's own (abort, segmentation fault: not SIGPIPE,
 *   which the gone interactor causes, nor the judge's SIGKILL) stands as the program's failure;
 *   an exit with a code (a Python EOFError after the interactor left) is still Wrong Answer.
 * - The submission ended first with a failure (Run-Time Error, Time Limit Exceeded, Memory or
 *   Output Limit Exceeded): that verdict stands, whether the interactor then accepts or rejects.
 * - Otherwise the interactor's verdict: 43 Wrong Answer; 42 Accepted, unless the submission then
 *   fails (a crash or a limit after the interactor accepted is still the submission's failure).
 *
 * Wall time: either box running into its limit ends the pair (its partner is killed at once), so
 * two programs that each wait for the other (a submission that never reads, an interactor waiting
 * for its answer) cannot hang: the submission's wall-clock limit ends it as Time Limit Exceeded.
 * The interactor's wall limit is the most the submission's may stretch to plus its own, as it
 * waits on the submission for the submission's whole run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Verdict } from '../../contract/verdicts.ts';
import { makeOwnedFolder } from '../storage/owned-folders.ts';
import type { CheckerOutcome } from './checker-outcome.ts';
import type { BoxPipe, BoxRunResult } from './sandbox.ts';

/** What the judge makes of one interactive test. */
export type InteractiveOutcome =
  { verdict: Verdict; fraction?: number; judgeMessage?: string } | { error: string; setup?: true };

/** How the pair ended, in the terms the rules above need. */
export interface PairEnd {
  /** The submission's own failure (classify.ts failureVerdict), null when it exited 0. */
  submissionFailure: Verdict | null;
  /** The interactor's box was over before the submission's. */
  interactorFirst: boolean;
  /**
   * The two ends came within TIE_MS, and the submission died of a signal of its own (not
   * SIGPIPE, not killed by the judge): its crash decides.
   */
  ownCrashAtOnce?: boolean;
  /** The judge killed the interactor because the submission had run into a limit. */
  interactorStopped: boolean;
  outcome: CheckerOutcome;
}

/** The rules of the header, on their own (interactive.test.ts). */
export function interactiveVerdict(end: PairEnd): InteractiveOutcome {
  const { submissionFailure: failure, outcome } = end;
  if ('error' in outcome) {
    if (end.interactorStopped && failure) return { verdict: failure };
    return outcome;
  }
  const note = outcome.judgeMessage ? { judgeMessage: outcome.judgeMessage } : {};
  // The submission's set-up failing is the judge's fault, whoever came first.
  if (failure === 'Internal Error') return { verdict: failure };
  if (outcome.verdict === 'Wrong Answer') {
    const programFirst = !end.interactorFirst || end.ownCrashAtOnce === true;
    return { verdict: failure && programFirst ? failure : 'Wrong Answer', ...note };
  }
  if (failure) return { verdict: failure, ...note };
  return {
    verdict: 'Accepted',
    ...(outcome.fraction < 1 ? { fraction: outcome.fraction } : {}),
    ...note,
  };
}

/** Ends closer than this are one instant (the header's rules). */
export const TIE_MS = 100;
/** How long a rejected submission may still end by itself before the judge kills it. */
const REJECTION_GRACE_MS = 200;
/** Signals a program dies of because its partner left or the judge ended it. */
const NOT_ITS_OWN: readonly string[] = ['SIGPIPE', 'SIGKILL', 'SIGTERM', 'SIGXCPU'];

/** A limit the judge enforces ran out: the partner is ended with it. */
const ranIntoLimit = (r: BoxRunResult) =>
  r.wallTimedOut || r.oomKilled || r.outputExceeded || r.signal === 'SIGXCPU';

export interface InteractivePair {
  /** Runs the submission with these ends of the pipes. */
  submission(pipe: BoxPipe, signal: AbortSignal): Promise<BoxRunResult>;
  /** Runs the interactor; it calls `ended` with its box's result before reading its feedback. */
  interactor(
    pipe: BoxPipe,
    signal: AbortSignal,
    ended: (run: BoxRunResult) => void,
  ): Promise<CheckerOutcome>;
  /** The submission's failure verdict (classify.ts), null when it ran fine. */
  failure(run: BoxRunResult): Verdict | null;
}

/**
 * Runs the pair on one test. The FIFOs live in a fresh root-only folder of `workDir`, removed
 * afterwards; the boxes open them as root before they drop to their uids.
 */
export async function runInteractive(
  workDir: string,
  pair: InteractivePair,
): Promise<{ run: BoxRunResult; outcome: InteractiveOutcome }> {
  const dir = makeOwnedFolder(workDir, 'pipes');
  fs.chmodSync(dir, 0o700);
  const toInteractor = path.join(dir, 'to-interactor');
  const toSubmission = path.join(dir, 'to-submission');
  const stopSubmission = new AbortController();
  const stopInteractor = new AbortController();
  let submissionOver = false;
  let interactorOver = false;
  let interactorEnd = Infinity;
  let interactorStopped = false;
  try {
    const submission = pair
      .submission(
        { stdin: toSubmission, stdout: toInteractor, stdoutFirst: false },
        stopSubmission.signal,
      )
      .then((r) => {
        submissionOver = true;
        if ((ranIntoLimit(r) || r.setupError) && !interactorOver) {
          interactorStopped = true;
          stopInteractor.abort();
        }
        return r;
      });
    const outcome = pair.interactor(
      { stdin: toInteractor, stdout: toSubmission, stdoutFirst: true },
      stopInteractor.signal,
      (r) => {
        interactorOver = true;
        interactorEnd = r.endedAt;
        // A rejection, a failure or a limit ends the submission too; an acceptance lets it end
        // by itself (within its own limits), so a crash after it is still seen.
        const accepted = r.exitCode === 42 && !r.signal && !r.setupError;
        if (!accepted && !submissionOver) {
          const grace = setTimeout(() => stopSubmission.abort(), REJECTION_GRACE_MS);
          const stop = () => clearTimeout(grace);
          void submission.then(stop, stop);
        }
      },
    );
    const [run, checked] = await Promise.all([submission, outcome]);
    return {
      run,
      outcome: interactiveVerdict({
        submissionFailure: pair.failure(run),
        // By when each program was seen ending (bwrap's exit report), not by when its box was
        // cleared away: the interactor's rejection and the crash it caused come milliseconds
        // apart.
        interactorFirst: interactorEnd < run.endedAt,
        ownCrashAtOnce:
          Math.abs(interactorEnd - run.endedAt) < TIE_MS &&
          !run.aborted &&
          run.signal !== null &&
          !NOT_ITS_OWN.includes(run.signal),
        interactorStopped,
        outcome: checked,
      }),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
