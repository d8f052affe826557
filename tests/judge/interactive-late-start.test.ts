// One box of an interactive pair starting after its partner is already over (CI, a loaded
// machine: a submission that ends at once without a word, and an interactor whose box started
// late). The launcher lets go of the partner's FIFO ends when it reaps the partner, so a blocking
// open() of the late box's FIFOs waited for an end nobody would open again, until the wall-clock
// limit stopped it: a judge error for a plain Wrong Answer. The late box must start, read end of
// file at once and end by itself. The launcher and its FIFOs are the real ones; the boxes run
// without bwrap (mode none), as the start order is all this is about.
// The last test is the other way round: an interactor past its own wall-clock limit while its
// submission, late, has not ended is not stopped (sandbox.ts, BoxPipe.partnerRunning).
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeOwnedFolder } from '../../src/server/storage/owned-folders.ts';
import type { CheckerOutcome } from '../../src/server/judge/checker-outcome.ts';
import { runInteractive } from '../../src/server/judge/interactive.ts';
import {
  LauncherPool,
  runInBox,
  type BoxPipe,
  type BoxRunResult,
  type BoxRunSpec,
} from '../../src/server/judge/sandbox.ts';
import { testConfig } from './helpers.ts';

const WALL_MS = 20_000;
let pool: LauncherPool;
let dir: string;

beforeAll(() => {
  const { workDir } = testConfig();
  fs.mkdirSync(workDir, { recursive: true, mode: 0o711 });
  dir = makeOwnedFolder(workDir, 'late-start');
  pool = new LauncherPool({ mode: 'none', dirs: {} }, 1, workDir);
});
afterAll(async () => {
  await pool.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const spec = (
  argv: string[],
  pipe: BoxPipe,
  signal: AbortSignal,
  wallLimitMs = WALL_MS,
): BoxRunSpec => ({
  mode: 'none',
  argv,
  env: { PATH: '/usr/bin:/bin' },
  stdin: '',
  pipe,
  signal,
  hostCodeDir: dir,
  codeWritable: false,
  usr: true,
  readOnlyPaths: [],
  hostScratchDir: dir,
  uid: null,
  cpuLimitMs: 5000,
  wallLimitMs,
  memoryBytes: 256 * 1024 * 1024,
  pids: 16,
  outputBytes: 1 << 20,
  stderrBytes: 1 << 16,
  fileBytes: 1 << 20,
  stackBytes: null,
  boxBytes: 1 << 24,
  shmBytes: 1 << 20,
  cgroups: { mode: 'none', dirs: {} },
  seccomp: null,
  nice: 0,
});

type Side = 'submission' | 'interactor';

/**
 * Runs a pair whose `late` box, once its FIFO ends are held, is given its run only after its
 * partner is over (or, with `lateByMs`, after that long): a box slow to take its run on a busy
 * machine. `interactorWallMs`: the interactor's wall-clock limit (its allowance once the
 * submission is over stays WALL_MS, so a loaded machine's slow wake-up is not what is tested).
 */
async function pairWithLateBox(
  late: Side,
  argv: Record<Side, string[]>,
  { lateByMs, interactorWallMs }: { lateByMs?: number; interactorWallMs?: number } = {},
) {
  const over: Record<Side, Promise<BoxRunResult>> = {} as Record<Side, Promise<BoxRunResult>>;
  const done = {} as Record<Side, (r: BoxRunResult) => void>;
  for (const side of ['submission', 'interactor'] as const)
    over[side] = new Promise((r) => (done[side] = r));
  const run = async (side: Side, pipe: BoxPipe, signal: AbortSignal) => {
    const partner = side === 'submission' ? 'interactor' : 'submission';
    const held = async () => {
      await pipe.held?.();
      if (side !== late) return;
      if (lateByMs === undefined) await over[partner];
      else await new Promise((resolve) => setTimeout(resolve, lateByMs));
    };
    const wall = side === 'interactor' ? interactorWallMs : undefined;
    const r = await runInBox(
      spec(argv[side], { ...pipe, held, afterPartnerMs: WALL_MS }, signal, wall),
      pool,
    );
    done[side](r);
    return r;
  };
  const { run: submission } = await runInteractive(dir, {
    submission: (pipe, signal) => run('submission', pipe, signal),
    interactor: async (pipe, signal, ended) => {
      const r = await run('interactor', pipe, signal);
      ended(r);
      const outcome: CheckerOutcome =
        r.exitCode === 42 || r.exitCode === 43
          ? { verdict: r.exitCode === 42 ? 'Accepted' : 'Wrong Answer', fraction: 1 }
          : { error: `exit ${r.exitCode}` };
      return outcome;
    },
    failure: (r) => (r.exitCode === 0 ? null : 'Runtime Error'),
  });
  return { submission, interactor: await over.interactor };
}

/** Ended by itself, not by its wall-clock limit or a set-up failure. */
const endedByItself = (r: BoxRunResult, code: number) => {
  expect(r.setupError ?? null).toBeNull();
  expect(r.wallTimedOut).toBe(false);
  expect(r.exitCode).toBe(code);
};

it('gives an interactor its run after a submission that ended without output: it reads end of file', async () => {
  const { submission, interactor } = await pairWithLateBox('interactor', {
    submission: ['/bin/true'],
    interactor: ['/bin/sh', '-c', 'read line; exit 43'],
  });
  endedByItself(submission, 0);
  endedByItself(interactor, 43);
});

it('gives an interactor its run after a submission that wrote and ended: it reads what was written', async () => {
  const { submission, interactor } = await pairWithLateBox('interactor', {
    submission: ['/bin/sh', '-c', 'echo hello'],
    interactor: ['/bin/sh', '-c', 'read line && [ "$line" = hello ] && ! read more && exit 42'],
  });
  endedByItself(submission, 0);
  endedByItself(interactor, 42);
});

it('gives a submission its run after an interactor that accepted at once: it reads end of file', async () => {
  const { submission, interactor } = await pairWithLateBox('submission', {
    submission: ['/bin/sh', '-c', 'read line; [ -z "$line" ]'],
    interactor: ['/bin/sh', '-c', 'exit 42'],
  });
  endedByItself(interactor, 42);
  endedByItself(submission, 0);
});

it('does not stop an interactor at its wall-clock limit while its submission, late, still runs', async () => {
  // The interactor waits on the submission's line; its own limit (500 ms) comes first.
  const { submission, interactor } = await pairWithLateBox(
    'submission',
    {
      submission: ['/bin/sh', '-c', 'echo hello'],
      interactor: ['/bin/sh', '-c', 'read line && [ "$line" = hello ] && exit 42'],
    },
    { lateByMs: 1500, interactorWallMs: 500 },
  );
  endedByItself(submission, 0);
  endedByItself(interactor, 42);
  expect(interactor.wallMs).toBeGreaterThan(500);
});
