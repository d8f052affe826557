/**
 * Runs one command in a box and reports how it ended. With JUDGE_SANDBOX=bwrap (the default) the
 * chain is: the launcher's forked process (as root: already in the run's cgroups; sets rlimits,
 * then drops to the box's unprivileged uid/gid with no groups, no capabilities and no new
 * privileges, see box-launcher.py) → bwrap (new user, pid, mount, net, ipc, uts and cgroup
 * namespaces; read-only /usr; a size-limited tmpfs as the only writable place; the seccomp filter)
 * → the program. Everything starts from an empty environment with only fds 0-2 (and bwrap's 3, 4):
 * stdin is a root-only file, stdout and stderr are FIFOs read here. Wall time and output size are
 * enforced here, from Node. JUDGE_SANDBOX=none runs the same command directly, for development only.
 */
import fs from 'node:fs';
import { captureHead } from './captured-output.ts';
import type { CgroupSupport, RunCgroupStats } from './cgroup.ts';
import type { TestOutput } from './types.ts';
import type { Launcher, LauncherExit, LauncherPool } from './launcher.ts';

export { LauncherPool } from './launcher.ts';

export interface BoxRunSpec {
  mode: 'bwrap' | 'none';
  /** The command, with paths as the program sees them (codeDir in the box is /code). */
  argv: string[];
  env: Record<string, string>;
  stdin: string;
  /** A root-only host file to read stdin from instead of `stdin` (big test data, not copied). */
  stdinFile?: string | undefined;
  /** An interactive pair's FIFOs: the box writes stdout here, not to the judge (interactive.ts). */
  pipe?: BoxPipe | undefined;
  /** Ends the box at once (its interactive partner ran into a limit or gave its verdict). */
  signal?: AbortSignal | undefined;
  /** Host folder with the code; bound at /code (read-write only for compiling). */
  hostCodeDir: string;
  codeWritable: boolean;
  /** More host folders bound into the box (a checker's test files and its feedback folder). */
  binds?: { host: string; box: string; writable: boolean }[];
  /** /usr (and /lib, /bin… into it) read-only; false for a static binary that needs none of it. */
  usr: boolean;
  readOnlyPaths: string[];
  /** Host folder used as the writable place in mode none (bwrap uses a tmpfs instead). */
  hostScratchDir: string;
  uid: number | null;
  cpuLimitMs: number;
  wallLimitMs: number;
  memoryBytes: number;
  pids: number;
  outputBytes: number;
  stderrBytes: number;
  fileBytes: number;
  /** RLIMIT_STACK, or null for the default 8 MiB. */
  stackBytes: number | null;
  boxBytes: number;
  shmBytes: number;
  cgroups: CgroupSupport;
  seccomp: Buffer | null;
  /** The box's nice value (JUDGE_NICE). */
  nice: number;
}

/** One box's ends of an interactive pair: stdin from one FIFO, stdout to the other. */
export interface BoxPipe {
  stdin: string;
  stdout: string;
  /**
   * The submission's: what is still written to its stdin once it ended is read and discarded,
   * so the interactor never dies of SIGPIPE for it (box-launcher.py's "hold").
   */
  drainStdin: boolean;
  /**
   * The interactor's: whether its submission still runs. At its wall-clock limit an interactor
   * waiting on a submission that still runs is not stopped: the submission's own limits end it,
   * and its box may have been slow to start on a busy machine, which is no fault of the
   * interactor's (CI saw an interactor stopped at its limit waiting on a submission that ends at
   * once, a judge error). Once the submission is over, it has `afterPartnerMs` more.
   */
  partnerRunning?: () => boolean;
  afterPartnerMs?: number;
  /**
   * Called once the launcher holds this box's FIFO ends; the box is given its run when it settles
   * (interactive.ts: once the partner's ends are held too, or the partner is over).
   */
  held?: () => Promise<void>;
}

/** What the judge asks of one box; the rest of its BoxRunSpec comes from the judge's settings. */
export interface BoxOptions {
  argv: string[];
  stdin: string;
  stdinFile?: string | undefined;
  cpuMs: number;
  wallMs: number;
  memoryMb: number;
  /** The code folder bound read-write (a compile step's output). */
  writable: boolean;
  usr: boolean;
  stackBytes?: number;
  binds?: BoxRunSpec['binds'];
  /** Processes and threads of the box; default: the judge's maxProcesses. */
  pids?: number;
  /** Standard output before Output Limit Exceeded; default: the judge's outputBytes. */
  outputBytes?: number;
  pipe?: BoxPipe | undefined;
  signal?: AbortSignal | undefined;
}

export interface BoxRunResult {
  exitCode: number | null;
  /** Signal that ended the program (from the exit status 128+N that bwrap and sh report). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /**
   * The first 64 KiB of each stream, marked when cut (captured-output.ts): taken from the bytes
   * already collected here, so keeping it costs one small decode, not a second pass over stdout.
   */
  captured: TestOutput;
  outputExceeded: boolean;
  wallTimedOut: boolean;
  wallMs: number;
  cpuMs: number | null;
  memoryPeakBytes: number | null;
  oomKilled: boolean;
  /** The sandbox itself failed before the program started (an Internal Error, never the student's). */
  setupError: string | null;
  /**
   * Every process of the run was seen gone from its cgroup and the group removed. Without
   * cgroups (or if a group would not empty) the judge must look for leftovers by uid instead.
   */
  contained: boolean;
  /** Ended through BoxRunSpec.signal (its partner's end), not by itself or its own limits. */
  aborted?: boolean;
  /**
   * One of an interactive pair: how many boxes the launcher had reaped when it reaped this one.
   * Of the two, the lower ended first (interactive.ts, box-launcher.py); null for other runs, or
   * when the launcher gave no report of its own.
   */
  endOrder: number | null;
}

export const CODE_DIR_IN_BOX = '/code';
/** How often an interactor past its wall-clock limit looks whether its submission is over. */
const PARTNER_RECHECK_MS = 100;

/** The most a box's wall-clock limit stretches for time spent waiting for a core. */
export const MAX_WALL_STRETCH = 3;
export const SCRATCH_IN_BOX = '/tmp';

const SIGNALS: Record<number, NodeJS.Signals> = {
  4: 'SIGILL',
  6: 'SIGABRT',
  7: 'SIGBUS',
  8: 'SIGFPE',
  9: 'SIGKILL',
  11: 'SIGSEGV',
  13: 'SIGPIPE',
  15: 'SIGTERM',
  24: 'SIGXCPU',
  25: 'SIGXFSZ',
  31: 'SIGSYS',
};

let rootLinks: string[] | undefined;
/** /lib, /bin… as symlinks into /usr on merged-/usr systems, else read-only binds. */
function rootLinkArgs(): string[] {
  rootLinks ??= ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'].flatMap((p) => {
    try {
      const st = fs.lstatSync(p);
      return st.isSymbolicLink() ? ['--symlink', fs.readlinkSync(p), p] : ['--ro-bind', p, p];
    } catch {
      return [];
    }
  });
  return rootLinks;
}

export function bwrapArgs(spec: BoxRunSpec): string[] {
  const args = [
    '--unshare-all', // user, pid, mount, net, ipc, uts, cgroup namespaces: no network at all
    '--unshare-user',
    '--disable-userns', // no nested user namespaces (so no mounting) even if seccomp missed one
    '--die-with-parent', // the box dies with its launcher, which Node kills on timeout
    '--new-session', // no controlling terminal: no TIOCSTI typing into the server's terminal
    '--hostname',
    'box',
  ];
  if (spec.usr) {
    args.push('--ro-bind', '/usr', '/usr', ...rootLinkArgs());
    if (fs.existsSync('/etc/ld.so.cache'))
      args.push('--ro-bind', '/etc/ld.so.cache', '/etc/ld.so.cache');
  }
  for (const p of spec.readOnlyPaths) args.push('--ro-bind', p, p);
  args.push(
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(spec.shmBytes),
    '--tmpfs',
    '/dev/shm',
    '--size',
    String(spec.boxBytes),
    '--tmpfs',
    SCRATCH_IN_BOX,
    spec.codeWritable ? '--bind' : '--ro-bind',
    spec.hostCodeDir,
    CODE_DIR_IN_BOX,
  );
  for (const b of spec.binds ?? []) args.push(b.writable ? '--bind' : '--ro-bind', b.host, b.box);
  args.push(
    '--remount-ro',
    '/dev',
    '--remount-ro',
    '/',
    '--chdir',
    SCRATCH_IN_BOX,
    '--json-status-fd',
    '4',
    '--clearenv', // bwrap would pass on its own environment (the launcher's PWD, SHLVL...)
  );
  if (spec.seccomp) args.push('--seccomp', '3');
  for (const [k, v] of Object.entries(spec.env)) args.push('--setenv', k, v);
  args.push('--', ...spec.argv);
  return args;
}

function sandboxArgv(spec: BoxRunSpec): string[] {
  if (spec.mode === 'none') return spec.argv;
  if (spec.uid === null) throw new Error('a bwrap box needs a uid');
  return ['/usr/bin/bwrap', ...bwrapArgs(spec)];
}

/**
 * At the wall-clock limit: how much longer a box may run, in ms (0: stop it now). It is owed the
 * time it spent waiting for a core, as long as the whole run stays within MAX_WALL_STRETCH times
 * the limit.
 */
export function wallTimeOwedMs(limitMs: number, elapsedMs: number, waitedMs: number): number {
  const owed = Math.min(limitMs - (elapsedMs - waitedMs), limitMs * MAX_WALL_STRETCH - elapsedMs);
  return owed >= 1 ? Math.ceil(owed) : 0;
}

export async function runInBox(spec: BoxRunSpec, pool: LauncherPool): Promise<BoxRunResult> {
  const launcher = pool.take();
  let result: BoxRunResult | undefined;
  try {
    launcher.group?.setLimits(spec);
    result = await launch(spec, launcher);
    return result;
  } finally {
    const contained = await launcher.dispose();
    // After this run's result is on its way: the next box's fork must not delay it.
    setImmediate(() => pool.refill());
    if (result) result.contained = contained;
  }
}

async function launch(spec: BoxRunSpec, launcher: Launcher): Promise<BoxRunResult> {
  const { group } = launcher;
  // Without a pids cgroup, RLIMIT_NPROC still bounds a box, because its uid is its own.
  const nproc = group || spec.uid === null ? null : spec.pids + 4;
  // Input as a root-only file the launcher opens for the box: no writer to keep fed, no EPIPE.
  // Small inputs are written at once (a thread-pool round trip costs more than the write).
  // A stored test file is not copied: the launcher opens it where it is, as root, read-only.
  if (!spec.stdinFile && !spec.pipe) {
    if (spec.stdin.length < 1 << 20)
      fs.writeFileSync(launcher.stdinFile, spec.stdin, { mode: 0o600 });
    else await fs.promises.writeFile(launcher.stdinFile, spec.stdin, { mode: 0o600 });
  }
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  let stdoutBytes = 0;
  let stderrBytes = 0;
  // Every byte of stderr the program wrote, also those past the limit (not kept): to mark a cut.
  let stderrSeen = 0;
  let status = '';
  let outputExceeded = false;
  let wallTimedOut = false;
  let aborted = false;

  const killAll = () => {
    launcher.kill();
    void group?.killAll();
  };
  const onAbort = () => {
    aborted = true;
    killAll();
  };
  if (spec.signal?.aborted) onAbort();
  else spec.signal?.addEventListener('abort', onAbort, { once: true });
  // The wall-clock kill charges a box the time it ran or slept, not the time a busy machine kept
  // it waiting for a core (its boxes run niced, behind the server, at an exam's deadline): when
  // the limit comes, the time its threads spent waiting to run is given back, up to
  // MAX_WALL_STRETCH times the limit in all. A program that sleeps or blocks waited for nothing
  // and is stopped on time.
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  let waitedOnPartner = false;
  const onWallLimit = () => {
    if (spec.pipe?.partnerRunning?.()) {
      waitedOnPartner = true;
      timer = setTimeout(onWallLimit, PARTNER_RECHECK_MS);
      return;
    }
    if (waitedOnPartner) {
      waitedOnPartner = false;
      timer = setTimeout(() => {
        wallTimedOut = true;
        killAll();
      }, spec.pipe?.afterPartnerMs ?? 0);
      return;
    }
    const owed = wallTimeOwedMs(
      spec.wallLimitMs,
      performance.now() - started,
      group?.waitedMs() ?? 0,
    );
    if (owed > 0) {
      timer = setTimeout(onWallLimit, owed);
      return;
    }
    wallTimedOut = true;
    killAll();
  };
  timer = setTimeout(onWallLimit, spec.wallLimitMs);
  let exit: LauncherExit;
  try {
    exit = await launcher.start(
      {
        argv: spec.mode === 'none' ? spec.argv : sandboxArgv(spec),
        env: spec.mode === 'none' ? spec.env : {}, // bwrap gets the program's env by --setenv
        stdin: spec.pipe?.stdin ?? spec.stdinFile ?? launcher.stdinFile,
        ...(spec.pipe
          ? { stdout: spec.pipe.stdout, drainStdin: spec.pipe.drainStdin, held: spec.pipe.held }
          : {}),
        cwd: spec.mode === 'none' ? spec.hostScratchDir : '/',
        cpuSeconds: Math.ceil(spec.cpuLimitMs / 1000) + 1,
        fileBytes: spec.fileBytes,
        stackBytes: spec.stackBytes,
        nproc,
        seccomp: spec.mode === 'bwrap' ? spec.seccomp : null,
        nice: spec.nice,
        uid: spec.mode === 'bwrap' ? spec.uid : null,
        statusFd: spec.mode === 'bwrap',
      },
      {
        stdout: (b) => {
          if (outputExceeded) return;
          stdoutBytes += b.length;
          if (stdoutBytes > spec.outputBytes) {
            outputExceeded = true;
            stdout.push(b.subarray(0, b.length - (stdoutBytes - spec.outputBytes)));
            killAll();
          } else stdout.push(b);
        },
        stderr: (b) => {
          stderrSeen += b.length;
          if (stderrBytes >= spec.stderrBytes) return;
          stderr.push(b.subarray(0, spec.stderrBytes - stderrBytes));
          stderrBytes += b.length;
        },
        status: (b) => {
          status += b.toString();
        },
      },
    );
  } finally {
    clearTimeout(timer);
    spec.signal?.removeEventListener('abort', onAbort);
  }
  const wallMs = performance.now() - started;
  const stats: RunCgroupStats = group?.stats() ?? {
    memoryPeakBytes: null,
    oomKilled: false,
    cpuMs: null,
  };
  const errBytes = Buffer.concat(stderr);
  const err = errBytes.toString('utf8');
  const outBytes = Buffer.concat(stdout);
  const code = exit.code;
  let setupError = exit.error;
  // A box its partner ended was killed, maybe before bwrap said anything: not a set-up failure.
  if (code === 125 && !wallTimedOut && !aborted) setupError ??= `launcher failed: ${err.trim()}`;
  if (
    spec.mode === 'bwrap' &&
    !status.includes('child-pid') &&
    !wallTimedOut &&
    !outputExceeded &&
    !aborted
  )
    setupError ??= `bwrap failed (exit ${code}): ${err.trim()}`;
  // bwrap writes the program's "exit-code" once the program ran. When bwrap exits by itself (no
  // kill: killed boxes end with a signal) without one, its set-up inside the box failed after the
  // namespaces were made, the seccomp filter above all (a kernel without seccomp, a bad filter):
  // the program never started, so its exit 1 is the judge's failure, not the student's Runtime
  // Error.
  if (
    spec.mode === 'bwrap' &&
    status.includes('child-pid') &&
    !/"exit-code"/u.test(status) &&
    exit.signal === null &&
    code !== null &&
    !wallTimedOut &&
    !outputExceeded &&
    !aborted
  )
    setupError ??= `bwrap failed in the box's set-up (exit ${code}): ${err.trim()}`;
  let signal: NodeJS.Signals | null = exit.signal;
  if (code !== null && code > 128) signal = SIGNALS[code - 128] ?? null;
  if (spec.mode === 'bwrap') {
    // bwrap reports the program's own exit code once it ran: read it from the status pipe.
    const m = /"exit-code"\s*:\s*(\d+)/u.exec(status);
    if (m) signal = Number(m[1]) > 128 ? (SIGNALS[Number(m[1]) - 128] ?? null) : null;
  }
  return {
    exitCode: code,
    signal,
    stdout: outBytes.toString('utf8'),
    stderr: err,
    captured: {
      // Output Limit Exceeded: the program wrote more than was collected, so the copy is cut.
      stdout: captureHead(outBytes, outputExceeded ? Infinity : outBytes.length),
      stderr: captureHead(errBytes, stderrSeen),
    },
    outputExceeded,
    wallTimedOut,
    wallMs,
    cpuMs: stats.cpuMs,
    memoryPeakBytes: stats.memoryPeakBytes,
    oomKilled: stats.oomKilled,
    setupError,
    contained: false,
    ...(aborted ? { aborted: true } : {}),
    endOrder: exit.seq,
  };
}
