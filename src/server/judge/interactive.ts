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
 * - The interactor ended first with 43 (Wrong Answer): Wrong Answer, whatever the submission did
 *   after it (it is stopped at once: what it does next cannot change the verdict).
 * - The submission ended first with a failure (Run-Time Error, Time Limit Exceeded, Memory or
 *   Output Limit Exceeded): that verdict stands, whether the interactor then accepts or rejects.
 * - Otherwise the interactor's verdict: 43 Wrong Answer; 42 Accepted, unless the submission then
 *   fails (a crash or a limit after the interactor accepted is still the submission's failure),
 *   but for SIGPIPE, which only says it wrote to the interactor after the interactor was gone (as
 *   problemtools, which counts it as a clean exit and lets the interactor decide).
 *
 * Which ended first is the order in which the launcher reaped the two boxes (BoxRunResult's
 * endOrder), never the order in which their reports reached Node: a program that crashed and the
 * interactor that then read end of file and rejected end milliseconds apart, and a loaded machine
 * delivered the two reports in either order. The launcher holds, for each box, the FIFO ends its
 * partner would notice its end through, until it has counted that end (box-launcher.py's
 * "hold"): the interactor cannot read end of file before the crash is recorded, so the order is
 * the causal one, however the boxes are scheduled (tests/judge/interactive-order.test.ts). What
 * the interactor writes to a submission that has ended is read and discarded there, so a correct
 * interactor never dies of SIGPIPE for the submission's fault (a judge error); its next read says
 * end of file.
 *
 * Start: neither box is given its run before the launcher holds both boxes' ends, or its partner is
 * over (a failed set-up, an end before it held anything): its FIFOs' opens then find their other
 * ends, or the partner is gone for good, and box-launcher.py opens them without waiting.
 *
 * Wall time: either box running into its limit ends the pair (its partner is killed at once), so
 * two programs that each wait for the other (a submission that never reads, an interactor waiting
 * for its answer) cannot hang: the submission's wall-clock limit ends it as Time Limit Exceeded.
 * The interactor's wall limit is the most the submission's may stretch to plus its own, as it
 * waits on the submission for the submission's whole run; and it is not stopped at that limit
 * while the submission still runs (a box slow to start on a busy machine), only its own allowance
 * after the submission is over (sandbox.ts, BoxPipe.partnerRunning).
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
  /** The submission died of SIGPIPE (it wrote to the interactor after the interactor left). */
  submissionPipe?: boolean;
  /** The interactor's box was reaped before the submission's. */
  interactorFirst: boolean;
  /** The judge killed the interactor because the submission had run into a limit. */
  interactorStopped: boolean;
  outcome: CheckerOutcome;
}

/** The rules of the header, on their own (interactive.test.ts). */
export function interactiveVerdict(end: PairEnd): InteractiveOutcome {
  const { outcome } = end;
  // Writing to an interactor that had already left is no failure of the program's own.
  const failure =
    end.interactorFirst && end.submissionPipe && end.submissionFailure === 'Runtime Error'
      ? null
      : end.submissionFailure;
  if ('error' in outcome) {
    if (end.interactorStopped && failure) return { verdict: failure };
    return outcome;
  }
  const note = outcome.judgeMessage ? { judgeMessage: outcome.judgeMessage } : {};
  // The submission's set-up failing is the judge's fault, whoever came first.
  if (failure === 'Internal Error') return { verdict: failure };
  if (outcome.verdict === 'Wrong Answer')
    return { verdict: failure && !end.interactorFirst ? failure : 'Wrong Answer', ...note };
  if (failure) return { verdict: failure, ...note };
  return {
    verdict: 'Accepted',
    ...(outcome.fraction < 1 ? { fraction: outcome.fraction } : {}),
    ...note,
  };
}

/** A promise opened once, by whichever comes first. */
function latch(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

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
 * afterwards; the launcher makes them and the boxes open them as root before they drop to their
 * uids.
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
  let interactorOrder: number | null = null;
  let interactorStopped = false;
  const submissionHeld = latch();
  const interactorHeld = latch();
  try {
    const submission = pair
      .submission(
        {
          stdin: toSubmission,
          stdout: toInteractor,
          drainStdin: true,
          held: () => {
            submissionHeld.open();
            return interactorHeld.opened;
          },
        },
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
      {
        stdin: toInteractor,
        stdout: toSubmission,
        drainStdin: false,
        partnerRunning: () => !submissionOver,
        held: () => {
          interactorHeld.open();
          return submissionHeld.opened;
        },
      },
      stopInteractor.signal,
      (r) => {
        interactorOver = true;
        interactorOrder = r.endOrder;
        // A rejection, a failure or a limit decides the test: the submission is stopped. An
        // acceptance lets it end by itself (within its own limits), so a crash after it is
        // still seen.
        const accepted = r.exitCode === 42 && !r.signal && !r.setupError;
        if (!accepted && !submissionOver) stopSubmission.abort();
      },
    );
    // A box that is over holds nothing more: its partner need not wait for it.
    void submission.finally(submissionHeld.open).catch(() => undefined);
    void outcome.finally(interactorHeld.open).catch(() => undefined);
    const [run, checked] = await Promise.all([submission, outcome]);
    return {
      run,
      outcome: interactiveVerdict({
        submissionFailure: pair.failure(run),
        submissionPipe: run.signal === 'SIGPIPE',
        // A box without the launcher's count failed to start or lost its launcher: an Internal
        // Error of its own, whichever is taken as first.
        interactorFirst:
          interactorOrder !== null && run.endOrder !== null && interactorOrder < run.endOrder,
        interactorStopped,
        outcome: checked,
      }),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
