// `npm start`'s real path (issue 15 item 13): scripts/start.mjs on a new embedded database runs
// the compiled server in its own process, with no TypeScript loader (tsx, esbuild) and no second
// Node process under it, says what it is doing while it creates and migrates the database even at
// LOG_LEVEL=error, answers health, and stops cleanly on SIGTERM. Start-up time and memory are
// measured by bench/start-up.ts, never asserted here.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bound } from './bounds.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The process and its descendants, with their command lines, from /proc. */
function processTree(root: number): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    try {
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      found.push({ pid, command });
      for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
        const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
        if (children) queue.push(...children.split(' ').map(Number));
      }
    } catch {
      // Ended while being read (a short-lived judge probe).
    }
  }
  return found;
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

describe('npm start (scripts/start.mjs) on a new embedded database', () => {
  let dataDir: string;
  let child: ChildProcess;
  let output = '';
  let port = 0;

  beforeAll(async () => {
    // The server build is reused when nothing changed; the web app is not built (STATIC_DIR).
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    expect(build.status).toBe(0);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
    fs.mkdirSync(path.join(dataDir, 'static'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'static'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      JUDGE_IN_PROCESS: 'false',
    };
    delete env.DATABASE_URL;
    child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env });
    child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
    // PORT=0: the port is read from the listening socket, wherever in the tree it is.
    while (!port) {
      if (child.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
      port = listeningPort(processTree(child.pid as number).map((p) => p.pid)) ?? 0;
    }
    while (!(await healthy(`http://127.0.0.1:${port}/api/health`))) {
      if (child.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, bound(240_000));

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs compiled JavaScript in one Node process, with no TypeScript loader', () => {
    const tree = processTree(child.pid as number).map((p) => p.command);
    expect(tree[0]).toContain('scripts/start.mjs');
    expect(tree.filter((command) => /(^|\/)node(\s|$)/u.test(command))).toHaveLength(1);
    expect(tree.join('\n')).not.toMatch(/tsx|esbuild/u);
  });

  it('says it is creating and migrating the database, even at LOG_LEVEL=error', () => {
    expect(output).toContain('Creating the embedded database');
    expect(output).toMatch(/Migrating the database \(\d+ migrations\)\.\.\./u);
  });

  it(
    'stops cleanly on SIGTERM',
    async () => {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
    bound(60_000),
  );
});

/** The TCP port these processes listen on, from /proc (socket inodes in /proc/net/tcp). */
function listeningPort(pids: number[]): number | undefined {
  const inodes = new Set<string>();
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      // Ended meanwhile.
    }
    for (const fd of fds) {
      const inode = /^socket:\[(\d+)\]$/u.exec(safeReadlink(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    }
  }
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/u);
    // st 0A is LISTEN; the local address is hex ip:port.
    if (fields[3] === '0A' && fields[9] && inodes.has(fields[9]))
      return parseInt(fields[1]?.split(':')[1] ?? '0', 16);
  }
  return undefined;
}

function safeReadlink(file: string): string {
  try {
    return fs.readlinkSync(file);
  } catch {
    return '';
  }
}
