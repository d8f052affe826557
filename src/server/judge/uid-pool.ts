/**
 * Hands out one unprivileged uid/gid per box at a time. A box's uid owns nothing on the host, and
 * no two running boxes share one (RLIMIT_NPROC and kill(-1) are per uid), even across server or
 * test processes on the same machine: each taken uid is a lock file holding the taker's pid, and
 * locks of dead processes are taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Live pids whose real, effective or saved uid is `uid`. Zombies are left out: they run nothing and
 * hold nothing but a pid; bwrap's in-box init ends as one that the machine's pid 1 reaps (some
 * minimal inits, like this project's VMs', reap only every few seconds).
 */
export function processesOf(uid: number): number[] {
  const out: number[] = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/u.test(pid)) continue;
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const m = /^Uid:\s+(\d+)\s+(\d+)\s+(\d+)/mu.exec(status);
      if (/^State:\s+Z/mu.test(status)) continue;
      if (m && [m[1], m[2], m[3]].includes(String(uid))) out.push(Number(pid));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

export class UidPool {
  private readonly dir: string;
  private readonly held = new Set<number>();

  constructor(
    workDir: string,
    private readonly base: number,
    private readonly count: number,
  ) {
    this.dir = path.join(workDir, 'uids');
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  acquire(): number {
    for (let uid = this.base; uid < this.base + this.count; uid++) {
      if (this.held.has(uid)) continue;
      const lock = path.join(this.dir, String(uid));
      try {
        fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      } catch {
        const owner = Number(fs.readFileSync(lock, { encoding: 'utf8', flag: 'a+' }) || 0);
        if (owner === process.pid || alive(owner)) continue;
        fs.writeFileSync(lock, String(process.pid)); // a dead process's lock
      }
      this.held.add(uid);
      return uid;
    }
    throw new Error(`No free box uid in ${this.base}–${this.base + this.count - 1}`);
  }

  /**
   * Kills whatever still runs as the uid (nothing should: the box's pid namespace and cgroup are
   * gone) and waits for the kernel to reap it, so the next box never meets a predecessor.
   */
  async drain(uid: number): Promise<string[]> {
    let left: number[] = [];
    for (let i = 0; i < 100; i++) {
      left = processesOf(uid);
      if (left.length === 0) return [];
      for (const pid of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone or a zombie
        }
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return left.map(String);
  }

  release(uid: number): void {
    this.held.delete(uid);
    fs.rmSync(path.join(this.dir, String(uid)), { force: true });
  }
}
