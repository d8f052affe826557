/**
 * What a checker program's run means (issue 14 item 2), with the output validator interface of
 * Kattis (problemtools) so public checkers run unchanged: exit 42 accepts, 43 rejects, and in the
 * feedback folder `score.txt` may give partial credit and `judgemessage.txt` a note for the judges.
 * Anything else (another exit code, a crash, a timeout, a malformed score) is the checker's
 * failure: a judge error, never the student's Wrong Answer.
 */
import type { BoxRunResult } from './sandbox.ts';

export const CHECKER_ACCEPT = 42;
export const CHECKER_REJECT = 43;
/** The most of judgemessage.txt (and of a failing checker's stderr) that is kept. */
export const JUDGE_MESSAGE_CHARS = 4096;

export type CheckerOutcome =
  | {
      verdict: 'Accepted' | 'Wrong Answer';
      /** Share of the test's points earned, from 0 to 1 (1 unless score.txt says less). */
      fraction: number;
      /** judgemessage.txt, for teachers only. */
      judgeMessage?: string;
    }
  | {
      error: string;
      /** The box could not start (the judge's own fault, worth another try), not the checker. */
      setup?: true;
    };

/** What the checker left in its feedback folder (undefined: the file was not written). */
export interface CheckerFeedback {
  score?: string | undefined;
  judgeMessage?: string | undefined;
}

const clip = (text: string) => text.trim().slice(0, JUDGE_MESSAGE_CHARS);

type CheckerRun = Pick<
  BoxRunResult,
  'setupError' | 'wallTimedOut' | 'signal' | 'oomKilled' | 'exitCode' | 'stderr' | 'outputExceeded'
>;

/** The checker's own limits, named in the message of a checker that ran into them. */
export interface CheckerLimits {
  cpuMs: number;
  wallMs: number;
  memoryMb: number;
  processes: number;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

export function checkerOutcome(
  run: CheckerRun,
  feedback: CheckerFeedback,
  limits?: CheckerLimits,
): CheckerOutcome {
  const fail = (why: string): CheckerOutcome => {
    const stderr = clip(run.stderr);
    return { error: `the checker program ${why}${stderr ? `: ${stderr}` : ''}` };
  };
  if (run.setupError)
    return { error: `the checker program could not start: ${run.setupError}`, setup: true };
  if (run.wallTimedOut || run.signal === 'SIGXCPU')
    return fail(
      limits
        ? `took too long (its limits: ${seconds(limits.cpuMs)} of CPU, stopped after ${seconds(limits.wallMs)}; ${limits.processes} processes)`
        : 'took too long',
    );
  if (run.oomKilled)
    return fail(
      limits ? `ran out of memory (its limit: ${limits.memoryMb} MB)` : 'ran out of memory',
    );
  if (run.outputExceeded) return fail('wrote too much');
  const judgeMessage =
    feedback.judgeMessage === undefined ? {} : { judgeMessage: clip(feedback.judgeMessage) };
  if (run.exitCode === CHECKER_REJECT && !run.signal)
    return { verdict: 'Wrong Answer', fraction: 0, ...judgeMessage };
  if (run.exitCode !== CHECKER_ACCEPT || run.signal)
    return fail(
      run.signal
        ? `was killed by ${run.signal}`
        : `exited with ${String(run.exitCode)} (42 accepts, 43 rejects)`,
    );
  if (feedback.score === undefined) return { verdict: 'Accepted', fraction: 1, ...judgeMessage };
  const text = feedback.score.trim();
  const fraction = Number(text);
  if (text === '' || !Number.isFinite(fraction) || fraction < 0 || fraction > 1)
    return {
      error: `the checker program's score.txt must hold a number from 0 to 1, not "${text.slice(0, 40)}"`,
    };
  return { verdict: 'Accepted', fraction, ...judgeMessage };
}
