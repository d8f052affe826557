/**
 * Per-run control groups: memory (limit, peak, OOM kills), pids (process/thread count) and CPU time
 * of everything a box starts, and a reliable way to kill all of it. Machines differ: pure cgroup v2,
 * or hybrid with the controllers on v1 (this project's machines, issue 5), so both are supported and
 * detected. Every run gets its own group, created beside the server's own, and always removed.
 */
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export type CgroupMode = 'v2' | 'v1' | 'none';

export interface CgroupSupport {
  mode: CgroupMode;
  /** Why cgroups are unusable (mode none), for judgeCapabilities(). */
  reason?: string;
  /** v1: folder per controller; v2: the one parent folder. */
  dirs: Partial<Record<'memory' | 'pids' | 'cpuacct' | 'unified', string>>;
}

export interface RunCgroupLimits {
  memoryBytes: number;
  pids: number;
}

export interface RunCgroupStats {
  memoryPeakBytes: number | null;
  oomKilled: boolean;
  cpuMs: number | null;
}

interface Mount {
  root: string;
  mountPoint: string;
  fsType: string;
  superOptions: string[];
}

function readMounts(): Mount[] {
  return fs
    .readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [left = '', right = ''] = line.split(' - ');
      const f = left.split(' ');
      const r = right.split(' ');
      return {
        root: f[3] ?? '/',
        mountPoint: (f[4] ?? '').replace(/\\040/gu, ' '),
        fsType: r[0] ?? '',
        superOptions: (r[2] ?? '').split(','),
      };
    });
}

/** This process's own cgroup path per v1 controller, and '' for v2. */
function ownCgroups(): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of fs.readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const m = /^\d+:([^:]*):(.*)$/u.exec(line);
    if (!m) continue;
    for (const c of (m[1] ?? '').split(',')) out.set(c, m[2] ?? '/');
  }
  return out;
}

const join = (mount: Mount, own: string) => {
  const rel = mount.root !== '/' && own.startsWith(mount.root) ? own.slice(mount.root.length) : own;
  return `${mount.mountPoint}${rel === '/' ? '' : rel}`.replace(/\/+$/u, '');
};

function probeWritable(dir: string): void {
  const probe = `${dir}/judge-probe-${process.pid}`;
  fs.mkdirSync(probe);
  fs.rmdirSync(probe);
}

function detectV2(
  mounts: Mount[],
  own: Map<string, string>,
  parent?: string,
): CgroupSupport | string {
  const mount = mounts.find((m) => m.fsType === 'cgroup2');
  if (!mount) return 'no cgroup2 mount';
  const dir = parent ?? join(mount, own.get('') ?? '/');
  const available = fs.readFileSync(`${dir}/cgroup.controllers`, 'utf8').trim().split(/\s+/u);
  if (!available.includes('memory') || !available.includes('pids'))
    return `cgroup v2 at ${dir} lacks the memory and pids controllers (has: ${available.join(' ') || 'none'})`;
  const enabled = fs.readFileSync(`${dir}/cgroup.subtree_control`, 'utf8').trim().split(/\s+/u);
  const wanted = ['memory', 'pids', 'cpu'].filter(
    (c) => available.includes(c) && !enabled.includes(c),
  );
  try {
    if (wanted.length > 0)
      fs.writeFileSync(`${dir}/cgroup.subtree_control`, wanted.map((c) => `+${c}`).join(' '));
    probeWritable(dir);
  } catch (err) {
    return `cgroup v2 at ${dir} is not delegated to this process (${(err as Error).message}); set JUDGE_CGROUP_PARENT to a delegated folder`;
  }
  return { mode: 'v2', dirs: { unified: dir } };
}

function detectV1(mounts: Mount[], own: Map<string, string>): CgroupSupport | string {
  const dirs: CgroupSupport['dirs'] = {};
  for (const c of ['memory', 'pids', 'cpuacct'] as const) {
    const mount = mounts.find((m) => m.fsType === 'cgroup' && m.superOptions.includes(c));
    if (!mount) {
      if (c === 'cpuacct') continue; // optional: CPU time falls back to wall time
      return `no cgroup v1 ${c} controller mounted`;
    }
    const dir = join(mount, own.get(c) ?? '/');
    try {
      probeWritable(dir);
    } catch (err) {
      if (c === 'cpuacct') continue;
      return `cgroup v1 ${c} at ${dir} is not writable (${(err as Error).message})`;
    }
    dirs[c] = dir;
  }
  return { mode: 'v1', dirs };
}

let detected: CgroupSupport | undefined;

/** Empty groups left by a judge process that died (judge-<pid>-<n> whose pid is gone). */
function removeStaleGroups(support: CgroupSupport): void {
  for (const parent of Object.values(support.dirs)) {
    for (const name of fs.readdirSync(parent)) {
      const m = /^judge-(\d+)-\d+$/u.exec(name);
      if (!m) continue;
      try {
        process.kill(Number(m[1]), 0);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ESRCH') continue;
        try {
          fs.rmdirSync(`${parent}/${name}`);
        } catch {
          // still has processes: left for the operator, reported nowhere else
        }
      }
    }
  }
}

/** Finds usable cgroups once per process: v2 with controllers first, then v1, else none. */
export function detectCgroups(parent = process.env.JUDGE_CGROUP_PARENT): CgroupSupport {
  if (detected) return detected;
  const reasons: string[] = [];
  try {
    const mounts = readMounts();
    const own = ownCgroups();
    for (const attempt of [() => detectV2(mounts, own, parent), () => detectV1(mounts, own)]) {
      let result: CgroupSupport | string;
      try {
        result = attempt();
      } catch (err) {
        result = (err as Error).message;
      }
      if (typeof result !== 'string') {
        removeStaleGroups(result);
        return (detected = result);
      }
      reasons.push(result);
    }
  } catch (err) {
    reasons.push((err as Error).message);
  }
  return (detected = { mode: 'none', reason: reasons.join('; '), dirs: {} });
}

const write = (file: string, value: string | number) => fs.writeFileSync(file, String(value));
const readOr = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};
const field = (text: string | null, key: string): number | null => {
  const m = text === null ? null : new RegExp(`^${key} (\\d+)$`, 'mu').exec(text);
  return m ? Number(m[1]) : null;
};

let counter = 0;

/** One run's group(s). Create with RunCgroup.create, always finish with destroy(). */
export class RunCgroup {
  private constructor(
    private readonly support: CgroupSupport,
    /** The folders of this run: one (v2) or one per v1 controller. */
    private readonly dirs: Partial<Record<'memory' | 'pids' | 'cpuacct' | 'unified', string>>,
  ) {}

  static create(support: CgroupSupport, limits: RunCgroupLimits): RunCgroup {
    const group = RunCgroup.open(support);
    group.setLimits(limits);
    return group;
  }

  /** A group without limits yet (a warm launcher joins it before its run is known). */
  static open(support: CgroupSupport): RunCgroup {
    if (support.mode === 'none') throw new Error('cgroups are not available');
    const name = `judge-${process.pid}-${++counter}`;
    const dirs: RunCgroup['dirs'] = {};
    const group = new RunCgroup(support, dirs);
    try {
      for (const [key, parent] of Object.entries(support.dirs) as [
        keyof RunCgroup['dirs'],
        string,
      ][]) {
        fs.mkdirSync(`${parent}/${name}`);
        dirs[key] = `${parent}/${name}`;
      }
    } catch (err) {
      void group.destroy();
      throw err;
    }
    return group;
  }

  /** Limits can be set (again) at any time, e.g. when a warm group is given its run. */
  setLimits(limits: RunCgroupLimits): void {
    const { dirs, support } = this;
    try {
      if (support.mode === 'v2') {
        const d = dirs.unified as string;
        write(`${d}/memory.max`, limits.memoryBytes);
        if (fs.existsSync(`${d}/memory.swap.max`)) write(`${d}/memory.swap.max`, 0);
        write(`${d}/pids.max`, limits.pids);
      } else {
        const m = dirs.memory as string;
        write(`${m}/memory.limit_in_bytes`, limits.memoryBytes);
        try {
          write(`${m}/memory.memsw.limit_in_bytes`, limits.memoryBytes); // no swapping past the limit
        } catch {
          // swap accounting is off: nothing to limit
        }
        write(`${dirs.pids as string}/pids.max`, limits.pids);
      }
    } catch (err) {
      void this.destroy();
      throw err;
    }
  }

  /** The cgroup.procs files a starting process writes its pid into to join this run. */
  get procsFiles(): string[] {
    return Object.values(this.dirs).map((d) => `${d}/cgroup.procs`);
  }

  /** The pids in the run (all of them: the pids group is in every mode). */
  pids(): number[] {
    const dir = this.dirs.unified ?? this.dirs.pids;
    const text = dir ? readOr(`${dir}/cgroup.procs`) : null;
    return (text ?? '').split('\n').filter(Boolean).map(Number);
  }

  /**
   * How long the run was kept from a CPU it was ready to use, in ms: the largest run-queue delay
   * of any of its threads (/proc/<pid>/task/<tid>/schedstat, second field). A thread that slept
   * or blocked waited for nothing; one that a busy machine did not schedule did.
   */
  waitedMs(): number {
    let most = 0;
    for (const pid of this.pids()) {
      let tids: string[];
      try {
        tids = fs.readdirSync(`/proc/${pid}/task`);
      } catch {
        continue; // gone meanwhile
      }
      for (const tid of tids) {
        const delayNs = Number(readOr(`/proc/${pid}/task/${tid}/schedstat`)?.split(' ')[1]);
        if (Number.isFinite(delayNs)) most = Math.max(most, delayNs / 1e6);
      }
    }
    return most;
  }

  stats(): RunCgroupStats {
    if (this.support.mode === 'v2') {
      const d = this.dirs.unified as string;
      const peak = readOr(`${d}/memory.peak`);
      const events = readOr(`${d}/memory.events`);
      const usage = field(readOr(`${d}/cpu.stat`), 'usage_usec');
      return {
        memoryPeakBytes: peak === null ? null : Number(peak),
        oomKilled: (field(events, 'oom_kill') ?? 0) > 0 || (field(events, 'max') ?? 0) > 0,
        cpuMs: usage === null ? null : usage / 1000,
      };
    }
    const m = this.dirs.memory as string;
    const peak = readOr(`${m}/memory.max_usage_in_bytes`);
    const oom = field(readOr(`${m}/memory.oom_control`), 'oom_kill');
    const failcnt = Number(readOr(`${m}/memory.failcnt`) ?? '0');
    const cpu = this.dirs.cpuacct ? readOr(`${this.dirs.cpuacct}/cpuacct.usage`) : null;
    return {
      memoryPeakBytes: peak === null ? null : Number(peak),
      // Older kernels have no oom_kill counter: a hit limit (failcnt) is the best sign left.
      oomKilled: oom === null ? failcnt > 0 : oom > 0,
      cpuMs: cpu === null ? null : Number(cpu) / 1e6,
    };
  }

  /** Kills every process of the run and waits until the group is empty (at most ~5 s). */
  async killAll(): Promise<boolean> {
    for (let i = 0; i < 500; i++) {
      if (this.dirs.unified && fs.existsSync(`${this.dirs.unified}/cgroup.kill`)) {
        try {
          write(`${this.dirs.unified}/cgroup.kill`, 1);
        } catch {
          // the group is gone or the kernel is older: fall back to one by one
        }
      }
      const pids = this.pids();
      if (pids.length === 0) return true;
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await sleep(i < 20 ? 2 : 10);
    }
    return this.pids().length === 0;
  }

  /** Empties and removes the run's folders; never throws. Returns false if something was left. */
  async destroy(): Promise<boolean> {
    await this.killAll();
    let clean = true;
    for (const dir of Object.values(this.dirs)) {
      let removed = false;
      for (let i = 0; i < 100 && !removed; i++) {
        try {
          fs.rmdirSync(dir);
          removed = true;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') removed = true;
          else await sleep(10);
        }
      }
      clean &&= removed;
    }
    return clean;
  }
}
