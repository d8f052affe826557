/**
 * Runs one command in a box and reports how it ended. With JUDGE_SANDBOX=bwrap (the default) the
 * chain is: sh (as root: joins the run's cgroups, sets rlimits) → setpriv (drops to the box's
 * unprivileged uid/gid, no groups, no capabilities, no new privileges) → bwrap (new user, pid,
 * mount, net, ipc, uts and cgroup namespaces; read-only /usr; a size-limited tmpfs as the only
 * writable place; the seccomp filter) → the program. Everything is spawned with an empty
 * environment and only stdio pipes. Wall time and output size are enforced here, from Node.
 * JUDGE_SANDBOX=none runs the same command directly, for development only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { RunCgroup, type CgroupSupport, type RunCgroupStats } from './cgroup.ts';

export interface BoxRunSpec {
  mode: 'bwrap' | 'none';
  /** The command, with paths as the program sees them (codeDir in the box is /code). */
  argv: string[];
  env: Record<string, string>;
  stdin: string;
  /** Host folder with the code; bound at /code (read-write only for compiling). */
  hostCodeDir: string;
  codeWritable: boolean;
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
  boxBytes: number;
  shmBytes: number;
  cgroups: CgroupSupport;
  seccomp: Buffer | null;
}

export interface BoxRunResult {
  exitCode: number | null;
  /** Signal that ended the program (from the exit status 128+N that bwrap and sh report). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputExceeded: boolean;
  wallTimedOut: boolean;
  wallMs: number;
  cpuMs: number | null;
  memoryPeakBytes: number | null;
  oomKilled: boolean;
  /** The sandbox itself failed before the program started (an Internal Error, never the student's). */
  setupError: string | null;
}

export const CODE_DIR_IN_BOX = '/code';
export const SCRATCH_IN_BOX = '/tmp';

// bash, as root: closes descriptors the server leaked without close-on-exec, joins the run's
// cgroups (done ahead of time: a cgroup v1 migration waits ~25 ms for an RCU grace period), then
// waits for its run on fd 5 (NUL-separated: cpu s, file KiB, nproc, cwd, argv...), sets the rlimits
// and replaces itself with the sandbox chain. Values never touch the script text. Exit 125 = the
// launcher failed.
const LAUNCHER = [
  'while [ "$1" != -- ]; do fd=$1; exec {fd}>&-; shift; done; shift',
  'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift',
  "mapfile -d '' -u 5 a || exit 125",
  'exec 5<&-',
  '[ "${#a[@]}" -gt 4 ] || exit 125',
  'ulimit -c 0 && ulimit -t "${a[0]}" && ulimit -f "${a[1]}" && ulimit -n 512 || exit 125',
  'if [ "${a[2]}" != - ]; then ulimit -u "${a[2]}" || exit 125; fi',
  'cd "${a[3]}" || exit 125',
  'exec "${a[@]:4}"',
].join('\n');

/** Descriptors this process would leak to children: open without O_CLOEXEC, above 5. */
function leakedFds(): string[] {
  const out: string[] = [];
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    if (Number(fd) <= 5) continue;
    try {
      const flags = /^flags:\s+(\d+)/mu.exec(fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'));
      if (flags && (parseInt(flags[1] ?? '0', 8) & 0o2000000) === 0) out.push(fd);
    } catch {
      // closed meanwhile (readdir's own descriptor)
    }
  }
  return out;
}

/** A launcher process started ahead of its run, already inside its own fresh cgroup(s). */
export class Launcher {
  readonly child: ChildProcess;
  readonly group: RunCgroup | null;
  private used = false;

  constructor(cgroups: CgroupSupport) {
    this.group = cgroups.mode === 'none' ? null : RunCgroup.open(cgroups);
    this.child = spawn(
      '/bin/bash',
      [
        '--norc',
        '--noprofile',
        '-c',
        LAUNCHER,
        'judge-box',
        ...leakedFds(),
        '--',
        ...(this.group?.procsFiles ?? []),
        '--',
      ],
      {
        env: {},
        cwd: '/',
        stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
        detached: true, // its own process group, so the whole chain can be killed at once
      },
    );
    this.child.on('error', () => undefined);
    for (const s of this.child.stdio) s?.on('error', () => undefined);
    this.setRef(false);
  }

  setRef(on: boolean): void {
    for (const s of [this.child, ...this.child.stdio]) {
      const handle = s as { ref?: () => void; unref?: () => void } | null;
      if (on) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  take(): this {
    if (this.used) throw new Error('launcher already used');
    this.used = true;
    this.setRef(true);
    return this;
  }

  /** Kills the launcher (if it was never used) and removes its groups. */
  async dispose(): Promise<void> {
    if (this.child.pid !== undefined && this.child.exitCode === null) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    await this.group?.destroy();
  }
}

/** Keeps one warm launcher ready per worker so no run waits for its cgroup migration. */
export class LauncherPool {
  private readonly warm: Launcher[] = [];
  private closed = false;

  constructor(
    private readonly cgroups: CgroupSupport,
    private readonly size: number,
  ) {}

  take(): Launcher {
    if (this.closed) throw new Error('the judge is closed');
    const launcher = this.warm.shift() ?? new Launcher(this.cgroups);
    while (this.warm.length < this.size) this.warm.push(new Launcher(this.cgroups));
    return launcher.take();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.warm.splice(0).map((l) => l.dispose()));
  }
}

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
    '--ro-bind',
    '/usr',
    '/usr',
    ...rootLinkArgs(),
  ];
  if (fs.existsSync('/etc/ld.so.cache'))
    args.push('--ro-bind', '/etc/ld.so.cache', '/etc/ld.so.cache');
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
  return [
    '/usr/bin/setpriv',
    `--reuid=${spec.uid}`,
    `--regid=${spec.uid}`,
    '--clear-groups',
    '--no-new-privs',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--',
    '/usr/bin/bwrap',
    ...bwrapArgs(spec),
  ];
}

export async function runInBox(spec: BoxRunSpec, pool?: LauncherPool): Promise<BoxRunResult> {
  const launcher = pool ? pool.take() : new Launcher(spec.cgroups).take();
  try {
    launcher.group?.setLimits(spec);
    return await launch(spec, launcher);
  } finally {
    await launcher.dispose();
  }
}

function launch(spec: BoxRunSpec, launcher: Launcher): Promise<BoxRunResult> {
  const { child, group } = launcher;
  // Without a pids cgroup, RLIMIT_NPROC still bounds a box, because its uid is its own.
  const nproc = group || spec.uid === null ? '-' : String(spec.pids + 4);
  const program =
    spec.mode === 'none'
      ? [
          ...['/bin/sh', '-c', 'exec 3<&- 4>&- && exec "$@"', 'judge-box'], // fds 3, 4 are bwrap's
          ...['/usr/bin/env', '-i', ...Object.entries(spec.env).map(([k, v]) => `${k}=${v}`)],
          ...spec.argv,
        ]
      : sandboxArgv(spec);
  const runArgs = [
    String(Math.ceil(spec.cpuLimitMs / 1000) + 1),
    String(Math.ceil(spec.fileBytes / 1024)), // bash counts KiB
    nproc,
    spec.mode === 'none' ? spec.hostScratchDir : '/',
    ...program,
  ];
  const started = performance.now();
  return new Promise((resolve) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrBytes = 0;
    let status = '';
    let outputExceeded = false;
    let wallTimedOut = false;
    let spawnError: string | null = null;

    const killAll = () => {
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      void group?.killAll();
    };
    const timer = setTimeout(() => {
      wallTimedOut = true;
      killAll();
    }, spec.wallLimitMs);

    if (child.exitCode !== null || child.signalCode !== null) {
      clearTimeout(timer);
      resolve({
        ...{ exitCode: child.exitCode, signal: null, stdout: '', stderr: '', wallMs: 0 },
        ...{ outputExceeded: false, wallTimedOut: false, cpuMs: null, memoryPeakBytes: null },
        ...{ oomKilled: false, setupError: `the launcher exited early (${child.exitCode})` },
      });
      return;
    }
    child.stdout?.on('data', (b: Buffer) => {
      if (outputExceeded) return;
      stdoutBytes += b.length;
      if (stdoutBytes > spec.outputBytes) {
        outputExceeded = true;
        stdout.push(b.subarray(0, b.length - (stdoutBytes - spec.outputBytes)));
        killAll();
      } else stdout.push(b);
    });
    child.stderr?.on('data', (b: Buffer) => {
      if (stderrBytes >= spec.stderrBytes) return;
      stderr.push(b.subarray(0, spec.stderrBytes - stderrBytes));
      stderrBytes += b.length;
    });
    const statusPipe = child.stdio[4] as NodeJS.ReadableStream | null;
    statusPipe?.on('data', (b: Buffer) => (status += b.toString()));
    const filterPipe = child.stdio[3] as NodeJS.WritableStream | null;
    if (spec.mode === 'bwrap' && spec.seccomp) filterPipe?.end(spec.seccomp);
    else filterPipe?.end();
    child.stdin?.end(spec.stdin); // EPIPE (the program did not read its input) is ignored
    child.on('error', (err) => (spawnError = err.message));
    (child.stdio as unknown as (NodeJS.WritableStream | null)[])[5]?.end(
      Buffer.from(runArgs.map((a) => `${a}\0`).join('')),
    );

    child.on('close', (code, sig) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      const stats: RunCgroupStats = group?.stats() ?? {
        memoryPeakBytes: null,
        oomKilled: false,
        cpuMs: null,
      };
      const err = Buffer.concat(stderr).toString('utf8');
      let setupError = spawnError;
      if (code === 125 && !wallTimedOut) setupError ??= `launcher failed: ${err.trim()}`;
      if (
        spec.mode === 'bwrap' &&
        !status.includes('child-pid') &&
        !wallTimedOut &&
        !outputExceeded
      )
        setupError ??= `bwrap failed (exit ${code}): ${err.trim()}`;
      let signal: NodeJS.Signals | null = sig;
      if (code !== null && code > 128) signal = SIGNALS[code - 128] ?? null;
      if (spec.mode === 'bwrap') {
        // bwrap reports the program's own exit code once it ran: read it from the status pipe.
        const m = /"exit-code"\s*:\s*(\d+)/u.exec(status);
        if (m) signal = Number(m[1]) > 128 ? (SIGNALS[Number(m[1]) - 128] ?? null) : null;
      }
      resolve({
        exitCode: code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: err,
        outputExceeded,
        wallTimedOut,
        wallMs,
        cpuMs: stats.cpuMs,
        memoryPeakBytes: stats.memoryPeakBytes,
        oomKilled: stats.oomKilled,
        setupError,
      });
    });
  });
}
