/**
 * Node's side of box-launcher.py: the one long-lived root process that forks the first process of
 * every box. Node itself never forks per run: its fork copies the server's page tables and blocks
 * the event loop for 5-30 ms on these machines (more as the server grows), which was most of a
 * sandboxed hello world's overhead and serialised the workers. The launcher's fork is cheap.
 *
 * A Launcher is one box's first process, started ahead of its run ("warm"): it has already joined
 * its own fresh cgroup(s), its stdout, stderr and bwrap-status FIFOs are open here, and its run
 * goes to it straight from here through a fourth FIFO. Every Launcher is used for exactly one
 * run, then killed and its groups removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeOwnedFolder } from '../storage/owned-folders.ts';
import { RunCgroup, type CgroupSupport } from './cgroup.ts';

const SCRIPT = fileURLToPath(new URL('./box-launcher.py', import.meta.url));
/** Debian's interpreter (never a version-manager shim): -I -S, it needs nothing but the stdlib. */
export const LAUNCHER_PYTHON = '/usr/bin/python3';

/** How a box's first process ended, as the launcher reported it. */
export interface LauncherExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The launcher process itself failed (an Internal Error). */
  error: string | null;
  /**
   * How many boxes the launcher had reaped when it reaped this one (null: no report of its
   * own). Of an interactive pair, the lower one ended first (box-launcher.py's "hold").
   */
  seq: number | null;
}

/** What the first process does once its run is known (the line on its go FIFO, box-launcher.py). */
export interface LauncherRun {
  argv: string[];
  env: Record<string, string>;
  stdin: string;
  cwd: string;
  cpuSeconds: number;
  fileBytes: number;
  /** RLIMIT_STACK in bytes, or null to keep the default (8 MiB). */
  stackBytes?: number | null;
  nproc: number | null;
  /** The box's nice value (0: the launcher's own priority). */
  nice: number;
  /** The unprivileged uid (and gid) the launcher drops to before its exec; null keeps root. */
  uid: number | null;
  seccomp: Buffer | null;
  /** bwrap's --json-status-fd 4; a bare run (JUDGE_SANDBOX=none) has no such descriptor. */
  statusFd: boolean;
  /** One of an interactive pair: its stdout is this FIFO (and `stdin` the other one). */
  stdout?: string | undefined;
  /** Of a pair: its stdin is drained once it ended (box-launcher.py's "hold"). */
  drainStdin?: boolean | undefined;
  /** Of a pair: awaited once its FIFO ends are held, before the box is given its run. */
  held?: (() => Promise<void>) | undefined;
}

interface Reply {
  id: number;
  ready?: boolean;
  error?: string;
  exit?: number | null;
  signal?: number | null;
  seq?: number;
  /** The answer to "hold": null once the FIFO ends are held, else why not. */
  hold?: string | null;
}

interface Waiter {
  ready(error: string | null): void;
  exited(exit: LauncherExit): void;
  /** Set while a "hold" waits for its answer. */
  held?: (error: string | null) => void;
}

const signalName = (n: number | null | undefined): NodeJS.Signals | null =>
  (Object.entries(os.constants.signals).find(([, v]) => v === n)?.[0] as NodeJS.Signals) ?? null;

/** The launcher process; replaced by a new one if it ever dies. */
class LauncherProcess {
  private readonly child: ChildProcess;
  private readonly waiters = new Map<number, Waiter>();
  private pending = '';
  private stderr = '';
  private holds = 0;
  dead: string | null = null;

  constructor() {
    this.child = spawn(LAUNCHER_PYTHON, ['-I', '-S', SCRIPT], {
      env: {}, // the launcher and so every box start from an empty environment
      cwd: '/',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.on('error', (err) => this.die(`could not start the launcher: ${err.message}`));
    this.child.on('exit', (code, sig) =>
      this.die(`the launcher exited (${sig ?? code}): ${this.stderr.trim()}`),
    );
    this.child.stdin?.on('error', () => undefined); // its exit is reported above
    this.child.stderr?.on('data', (b: Buffer) => (this.stderr = (this.stderr + b).slice(-4096)));
    this.child.stdout?.on('data', (b: Buffer) => {
      const lines = (this.pending + b.toString('utf8')).split('\n');
      this.pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) this.dispatch(JSON.parse(line) as Reply);
    });
    this.setRef(false);
  }

  private dispatch(r: Reply): void {
    const w = this.waiters.get(r.id);
    if (!w) return;
    if (r.hold !== undefined) {
      const held = w.held;
      delete w.held;
      held?.(r.hold);
    } else if (r.ready) w.ready(null);
    else if (r.error !== undefined) {
      this.waiters.delete(r.id);
      w.ready(r.error);
      w.exited({ code: null, signal: null, error: r.error, seq: null });
    } else {
      this.waiters.delete(r.id);
      w.held?.('the box ended');
      w.exited({
        code: r.exit ?? null,
        signal: signalName(r.signal),
        error: null,
        seq: r.seq ?? null,
      });
    }
  }

  private die(reason: string): void {
    if (this.dead) return;
    this.dead = reason;
    for (const w of this.waiters.values()) {
      w.ready(reason);
      w.held?.(reason);
      w.exited({ code: null, signal: null, error: reason, seq: null });
    }
    this.waiters.clear();
    this.setRef(false);
  }

  private setRef(on: boolean): void {
    for (const s of [this.child, this.child.stdout, this.child.stderr, this.child.stdin]) {
      const handle = s as { ref?: () => void; unref?: () => void } | null;
      if (on) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  /** While a run waits for its exit report, Node must not exit under it. */
  hold(on: boolean): void {
    this.holds += on ? 1 : -1;
    if (!this.dead) this.setRef(this.holds > 0);
  }

  send(msg: Record<string, unknown>): void {
    if (!this.dead) this.child.stdin?.write(`${JSON.stringify(msg)}\n`);
  }

  warm(id: number, io: string, procs: string[], waiter: Waiter): void {
    if (this.dead) {
      waiter.ready(this.dead);
      waiter.exited({ code: null, signal: null, error: this.dead, seq: null });
      return;
    }
    this.waiters.set(id, waiter);
    this.send({ op: 'warm', id, io, procs });
  }

  /** Asks the launcher to hold a pair's FIFO ends for box `id` (box-launcher.py's "hold"). */
  holdEnds(id: number, stdin: string, stdout: string, drain: boolean): Promise<string | null> {
    const waiter = this.waiters.get(id);
    if (this.dead || !waiter) return Promise.resolve(this.dead ?? 'the box is gone');
    return new Promise((resolve) => {
      waiter.held = resolve;
      this.send({ op: 'hold', id, stdin, stdout, drain });
    });
  }

  kill(id: number): void {
    this.send({ op: 'kill', id });
  }

  close(): void {
    this.child.stdin?.end(); // the launcher kills what is left and exits
  }
}

export interface LauncherOutput {
  /** Called for every chunk of the box's stdout, stderr and bwrap status. */
  stdout(b: Buffer): void;
  stderr(b: Buffer): void;
  status(b: Buffer): void;
}

let nextId = 0;

/** One box's first process, warm until its run. */
export class Launcher {
  readonly id = ++nextId;
  readonly group: RunCgroup | null;
  private readonly io: string;
  private readonly ready: Promise<string | null>;
  private readonly exit: Promise<LauncherExit>;
  private readonly streams: net.Socket[] = [];
  private readonly early: [keyof LauncherOutput, Buffer][] = [];
  private output: LauncherOutput | null = null;
  private exited: LauncherExit | null = null;
  private used = false;
  /** Write end of the FIFO the waiting process reads its run from. */
  private go: number | null = null;
  private statusText = '';

  constructor(
    private readonly proc: LauncherProcess,
    ioDir: string,
    cgroups: CgroupSupport,
  ) {
    this.io = path.join(ioDir, String(this.id));
    this.group = cgroups.mode === 'none' ? null : RunCgroup.open(cgroups);
    let onReady: (e: string | null) => void = () => undefined;
    let onExit: (e: LauncherExit) => void = () => undefined;
    this.ready = new Promise((r) => (onReady = r));
    this.exit = new Promise((r) => (onExit = r));
    proc.warm(this.id, this.io, this.group?.procsFiles ?? [], {
      ready: (error) => onReady(error ?? this.openStreams()),
      exited: (e) => {
        this.exited = e;
        onExit(e);
      },
    });
  }

  /** Opens the FIFOs (the launcher holds their other ends, so no early EOF and no ENXIO). */
  private openStreams(): string | null {
    try {
      this.go = fs.openSync(`${this.io}.go`, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
      fs.rmSync(`${this.io}.go`);
      for (const kind of ['stdout', 'stderr', 'status'] as const) {
        const file = `${this.io}.${{ stdout: 'out', stderr: 'err', status: 'st' }[kind]}`;
        const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
        fs.rmSync(file);
        const s = new net.Socket({ fd, readable: true, writable: false });
        s.on('error', () => undefined);
        s.on('data', (b: Buffer) => {
          if (kind === 'status') this.statusText += b.toString();
          if (this.output) this.output[kind](b);
          else this.early.push([kind, b]);
        });
        s.unref();
        this.streams.push(s);
      }
      return null;
    } catch (err) {
      return `could not open the box's FIFOs: ${(err as Error).message}`;
    }
  }

  /** Hands the waiting process its run; false if it is gone. */
  private send(run: LauncherRun): boolean {
    const line = Buffer.from(
      `${JSON.stringify({
        argv: run.argv,
        env: run.env,
        stdin: run.stdin,
        cwd: run.cwd,
        cpu: run.cpuSeconds,
        fsize: run.fileBytes,
        stack: run.stackBytes ?? null,
        nproc: run.nproc,
        nice: run.nice,
        uid: run.uid,
        bpf: run.seccomp?.toString('base64') ?? null,
        statusFd: run.statusFd,
        ...(run.stdout ? { stdout: run.stdout } : {}),
      })}\n`,
    );
    const fd = this.go;
    this.go = null;
    if (fd === null) return false;
    try {
      // Far below the pipe's 64 KiB, into an empty pipe: one write, never EAGAIN.
      return fs.writeSync(fd, line) === line.length;
    } catch {
      return false; // EPIPE: it died while warm; its exit report says how
    } finally {
      fs.closeSync(fd);
    }
  }

  get stdinFile(): string {
    return `${this.io}.in`;
  }

  take(): this {
    if (this.used) throw new Error('launcher already used');
    this.used = true;
    return this;
  }

  /**
   * Starts the run and resolves once the box is over: every writer of its output is gone (the
   * box's pid namespace dies with bwrap, so nothing holds them for long) and bwrap has reported
   * the program's exit on its status FIFO, or else the launcher has reported how the first
   * process ended (killed, or failed before bwrap ran). bwrap's own report makes the common case
   * wait for no other process than the box. One of an interactive pair (`run.stdout`) has its
   * FIFO ends held by the launcher before it starts, and waits for the launcher's report, whose
   * count says which of the two ended first.
   */
  async start(run: LauncherRun, output: LauncherOutput): Promise<LauncherExit> {
    this.proc.hold(true);
    try {
      const notReady = await this.ready;
      if (notReady) return { code: null, signal: null, error: notReady, seq: null };
      if (this.exited)
        return {
          ...this.exited,
          error: this.exited.error ?? `the launcher exited early (${this.exited.code})`,
        };
      this.output = output;
      for (const [kind, b] of this.early.splice(0)) output[kind](b);
      const closed = Promise.all(
        this.streams.map((s) => {
          s.ref();
          return new Promise<void>((r) => (s.closed ? r() : s.on('close', () => r())));
        }),
      );
      if (run.stdout) {
        const notHeld = await this.proc.holdEnds(
          this.id,
          run.stdin,
          run.stdout,
          run.drainStdin ?? false,
        );
        // The box still waits for its run: dispose() kills it.
        if (notHeld) return { code: null, signal: null, error: notHeld, seq: null };
        await run.held?.();
      }
      if (!this.send(run)) return await this.exit;
      const first = await Promise.race([closed.then(() => null), this.exit]);
      if (first?.error) return first; // a dead launcher never reports the streams closing
      await closed;
      const code = /"exit-code"\s*:\s*(\d+)/u.exec(this.statusText)?.[1];
      if (code !== undefined && !this.exited) {
        const seq = run.stdout ? (await this.exit).seq : null;
        return { code: Number(code), signal: null, error: null, seq };
      }
      return await this.exit;
    } finally {
      this.proc.hold(false);
    }
  }

  kill(): void {
    if (!this.exited) this.proc.kill(this.id);
  }

  /**
   * Kills the first process (if it never ran) and removes its groups and files. With cgroups,
   * the group seen empty is the proof that nothing is left; without, the launcher's report is.
   */
  async dispose(): Promise<boolean> {
    this.kill();
    if (this.go !== null) fs.closeSync(this.go);
    this.go = null;
    for (const s of this.streams) s.destroy();
    for (const suffix of ['go', 'out', 'err', 'st', 'in'])
      fs.rmSync(`${this.io}.${suffix}`, { force: true });
    if (this.group) return this.group.destroy();
    this.proc.hold(true);
    await this.exit; // settled by the report, or by the launcher's death
    this.proc.hold(false);
    return false;
  }
}

/** The launcher process and a few warm Launchers per worker, so no run waits for its cgroups. */
export class LauncherPool {
  private proc: LauncherProcess | null = null;
  private readonly warm: Launcher[] = [];
  private ioDir: string | null = null;
  private closed = false;

  constructor(
    private readonly cgroups: CgroupSupport,
    private readonly size: number,
    private readonly workDir: string,
  ) {}

  /** Root-only folder for the FIFOs and input files, removed on close. */
  private dir(): string {
    if (!this.ioDir) {
      this.ioDir = makeOwnedFolder(this.workDir, 'io');
      fs.chmodSync(this.ioDir, 0o700);
    }
    return this.ioDir;
  }

  take(): Launcher {
    if (this.closed) throw new Error('the judge is closed');
    if (!this.proc || this.proc.dead) {
      for (const l of this.warm.splice(0)) void l.dispose();
      this.proc = new LauncherProcess();
    }
    const launcher = this.warm.shift() ?? new Launcher(this.proc, this.dir(), this.cgroups);
    if (this.warm.length === 0) this.refill(); // else the run's end refills: see refill()
    return launcher.take();
  }

  /**
   * Tops the warm launchers up. Called when a run is over rather than when it starts, so the
   * fork and cgroup joins of the next box do not compete with the running one for the CPU.
   */
  refill(): void {
    if (this.closed || !this.proc || this.proc.dead) return;
    while (this.warm.length < this.size)
      this.warm.push(new Launcher(this.proc, this.dir(), this.cgroups));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.warm.splice(0).map((l) => l.dispose()));
    this.proc?.close();
    if (this.ioDir) fs.rmSync(this.ioDir, { recursive: true, force: true });
  }
}
