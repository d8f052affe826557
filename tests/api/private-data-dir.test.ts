// The data folder is private (issue 30 item 1): the real server on a new DATA_DIR, and a judge
// worker on a DATA_DIR an older release left readable, each as its own process; then the `nobody`
// user tries to list, read and write everything under it and fails every time. Each also removes,
// as it starts, the temporary folders a killed process left behind (item 5).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../src/server/db/scratch-database.ts';
import { STUDENT_PASSWORD } from './test-passwords.ts';
import { bound } from './bounds.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups'];
const isRoot = process.getuid?.() === 0;

/** Every entry under `dir` (symbolic links and sockets included), as root sees them. */
function everything(dir: string): string[] {
  return [
    dir,
    ...fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => path.join(dir, p)),
  ];
}

/** What `nobody` managed to do under `dir`: each success is a line; none is the goal. */
function whatNobodyCan(dir: string): string[] {
  const entries = everything(dir);
  const script = `
    for entry in "$@"; do
      if [ -d "$entry" ]; then
        ls "$entry" >/dev/null 2>&1 && echo "listed $entry"
        touch "$entry/.nobody-was-here" 2>/dev/null && echo "wrote into $entry"
      elif [ -S "$entry" ]; then
        :
      else
        head -c 1 "$entry" >/dev/null 2>&1 && echo "read $entry"
        ( : >> "$entry" ) 2>/dev/null && echo "wrote $entry"
      fi
    done
    true`;
  const run = spawnSync('setpriv', [...NOBODY, '--', 'sh', '-c', script, 'sh', ...entries], {
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\n').filter(Boolean);
}

function looseEntries(dir: string): string[] {
  return everything(dir).filter((p) => {
    const stat = fs.lstatSync(p);
    return !stat.isSymbolicLink() && (stat.mode & 0o077) !== 0;
  });
}

function untilOutput(child: ChildProcess, output: () => string, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (output().includes(text)) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`ended before "${text}":\n${output()}`));
      }
    }, 100);
  });
}

/** The pid of a process that has ended, as a killed server's would be. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(String(child.stdout));
}

/** A folder as a process killed with -9 leaves it: named by its pid, with a file inside. */
function leftover(parent: string, prefix: string): string {
  const dir = path.join(parent, `${prefix}-${deadPid()}-Xk9q2Z`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'upload.zip'), 'PK');
  return dir;
}

/** A port nothing listens on now (PORT=0 would leave PUBLIC_URL without the real port). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function startProcess(entry: string, env: NodeJS.ProcessEnv) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  return { child, output: () => output };
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!isRoot)('the server on a new DATA_DIR', () => {
  let parent: string;
  let dataDir: string;
  let server: ReturnType<typeof startProcess> | undefined;
  let packageLeftover: string;

  beforeAll(async () => {
    packageLeftover = leftover(os.tmpdir(), 'portal-package');
    // A parent every user may pass through, so only DATA_DIR's own modes keep `nobody` out.
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-private-'));
    fs.chmodSync(parent, 0o755);
    dataDir = path.join(parent, 'data');
    fs.mkdirSync(path.join(parent, 'static'));
    const port = await freePort();
    server = startProcess('src/server/main.ts', {
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(parent, 'static'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      JUDGE_IN_PROCESS: 'false',
      DATABASE_URL: '',
      JWT_SECRET: '',
      SMTP_URL: '',
      ADMIN_PASSWORD: '',
    });
    await untilOutput(server.child, server.output, 'Portal ready on');
    // A student, and a reset request that writes a mail into the outbox: that folder and file
    // are checked too.
    const post = (url: string, body: object) =>
      fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const email = 'private.dir@example.edu';
    const signUp = await post('/api/user/loginSignUp', {
      email,
      password: STUDENT_PASSWORD,
      name: 'p',
    });
    expect(signUp.status).toBe(200);
    expect((await post('/api/user/createResetPassword', { email })).status).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    while (!fs.existsSync(outbox) || fs.readdirSync(outbox).length === 0)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }, bound(120_000));

  afterAll(async () => {
    await stop(server?.child);
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('keeps the database, the secrets and the outbox to its own user', () => {
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const names = everything(dataDir).map((p) => path.relative(dataDir, p));
    expect(names).toEqual(
      expect.arrayContaining(['pglite', 'pglite/PG_VERSION', 'jwt-secret', 'outbox']),
    );
    expect(looseEntries(dataDir)).toEqual([]);
    expect(whatNobodyCan(dataDir)).toEqual([]);
  });

  it("removed a killed server's package upload when it started", () => {
    expect(fs.existsSync(packageLeftover)).toBe(false);
  });
});

describe.skipIf(!isRoot || !process.env.TEST_DATABASE_URL)(
  'a judge worker on a DATA_DIR left readable by an older release',
  () => {
    let parent: string;
    let dataDir: string;
    let workDir: string;
    let worker: ReturnType<typeof startProcess> | undefined;
    let drop: (() => Promise<void>) | undefined;
    let leftovers: string[] = [];

    beforeAll(async () => {
      const database = await createScratchDatabase(
        process.env.TEST_DATABASE_URL ?? '',
        'portal_private',
      );
      drop = database.drop;
      parent = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-private-'));
      fs.chmodSync(parent, 0o755);
      dataDir = path.join(parent, 'data');
      fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
      fs.chmodSync(dataDir, 0o755);
      fs.chmodSync(path.join(dataDir, 'outbox'), 0o777);
      fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'To: a@b.c', { mode: 0o644 });
      fs.chmodSync(path.join(dataDir, 'outbox', 'old.eml'), 0o644);
      workDir = path.join(parent, 'judge');
      leftovers = [leftover(workDir, 'sub'), leftover(workDir, 'check'), leftover(workDir, 'io')];
      worker = startProcess('src/worker.ts', {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        JUDGE_WORK_DIR: workDir,
        JUDGE_CONCURRENCY: '1',
        LOG_LEVEL: 'info',
      });
      await untilOutput(worker.child, worker.output, 'judge worker ready');
    }, bound(120_000));

    afterAll(async () => {
      await stop(worker?.child);
      await drop?.();
      if (parent) fs.rmSync(parent, { recursive: true, force: true });
    });

    it('tightens the folder at start and says so in one line', () => {
      const lines = worker
        ?.output()
        .split('\n')
        .filter((l) => l.includes('was readable or writable by other users'));
      expect(lines).toEqual([
        `DATA_DIR (${dataDir}) was readable or writable by other users: removed their access to 2 folders (now 0700) and 1 file (now 0600 or 0700).`,
      ]);
      expect(looseEntries(dataDir)).toEqual([]);
      expect(whatNobodyCan(dataDir)).toEqual([]);
    });

    it('lets nobody list or write its judge folder (boxes only pass through it)', () => {
      expect(fs.statSync(workDir).mode & 0o777).toBe(0o711);
      const below = everything(workDir).filter((p) => p !== workDir);
      expect(below.filter((p) => (fs.lstatSync(p).mode & 0o077) !== 0)).toEqual([]);
      expect(whatNobodyCan(workDir)).toEqual([]);
    });

    it("removed a killed judge's submission, checker and io folders when it started", () => {
      expect(leftovers.filter((dir) => fs.existsSync(dir))).toEqual([]);
    });
  },
);
