// `npm run backup` and `npm run restore` (issue 30 item 4), run as the operator runs them: child
// processes reading DATA_DIR / DATABASE_URL. On the embedded database, a backup is taken through
// the running server's database socket while 100 submissions arrive; restored into a new folder,
// it gives back every submission acknowledged before the backup began, and a server started on
// it judges those still waiting. A restore refuses a non-empty DATA_DIR without --force and a
// damaged file, and then leaves DATA_DIR as it was.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';
import {
  addChallenge,
  challengeInput,
  signInStudent,
  solutions,
  type Student,
} from './compiler-fixtures.ts';
import {
  adminEnv,
  call,
  lastingDatabase,
  queryRows,
  startServerOn,
  type LastingDatabase,
  type TestServer,
} from './harness.ts';
import { STUDENT_PASSWORD } from './test-passwords.ts';
import { bound } from './bounds.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Outcome = { code: number | null; out: string };

function operator(script: 'backup' | 'restore', env: NodeJS.ProcessEnv, args: string[]) {
  return new Promise<Outcome>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...env, NODE_EXTRA_CA_CERTS: '', LOG_LEVEL: 'silent' },
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

const submit = (server: TestServer, who: Student, code: string) =>
  call(
    server,
    'POST',
    '/api/compiler/submit',
    { challengeId: 'BK-1', code, submissionId: crypto.randomUUID() },
    who.compiler,
  );

const oneTest = {
  testCases: [{ input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 }],
};

/** A copy of the environment for the operator's commands on the embedded database. */
function pgliteEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return env;
}

async function listing(dir: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const name of await fs.readdir(dir, { recursive: true })) {
    const stat = await fs.stat(path.join(dir, name));
    found[name] = stat.isDirectory() ? 'dir' : `${stat.size}:${stat.mtimeMs}`;
  }
  return found;
}

describe('backup and restore on the embedded database, during a burst of submissions', () => {
  let root: string;
  let dataDir: string;
  let server: TestServer;
  let students: Student[];
  const acknowledged: { id: string; at: number; code: string }[] = [];
  let backupBegan = 0;
  let backupFile: string;
  let backupRun: Outcome;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
    dataDir = path.join(root, 'data');
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplatePath'))]),
    });
    // Nothing judges here: every submission stays queued, so the restore has jobs to put back.
    server = await startServerOn(database, {
      ...adminEnv,
      DATA_DIR: dataDir,
      JUDGE_IN_PROCESS: 'false',
    });
    await addChallenge(server, challengeInput('BK-1', oneTest));
    students = [];
    for (let i = 0; i < 20; i += 1)
      students.push(await signInStudent(server, `backup${i}@college.test`, 'BK-1'));

    backupFile = path.join(root, 'portal.jsonl.gz');
    // 100 submissions over about two seconds; the backup starts once a third are in.
    const sent = Array.from({ length: 100 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 20));
      const code = `${solutions.python.correct}# submission ${i}\n`;
      const res = await submit(server, students[i % students.length] as Student, code);
      if (res.status === 200 || res.status === 202)
        acknowledged.push({
          id: (res.body as { submissionId: string }).submissionId,
          at: Date.now(),
          code,
        });
      return res.status;
    });
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 10));
    backupBegan = Date.now();
    const backup = operator('backup', pgliteEnv(dataDir), [backupFile]);
    const statuses = await Promise.all(sent);
    backupRun = await backup;
    expect(statuses.filter((s) => s !== 200 && s !== 202)).toEqual([]);
  }, bound(180_000));

  afterAll(async () => {
    await server?.close();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it('writes the backup through the running server, leaving every request answered', () => {
    expect(backupRun.out).toContain("Backup of the running portal's embedded database written to");
    expect(backupRun.code).toBe(0);
    expect(acknowledged).toHaveLength(100);
  });

  describe('restored into a new folder', () => {
    let restored: DatabaseHandle | undefined;
    let restoredServer: TestServer | undefined;
    let newDir: string;
    let restoreRun: Outcome;

    beforeAll(async () => {
      newDir = path.join(root, 'restored');
      restoreRun = await operator('restore', pgliteEnv(newDir), [backupFile]);
    }, bound(180_000));

    afterAll(async () => {
      await restoredServer?.close();
      if (!restoredServer) await restored?.close();
    });

    it('gives back every submission acknowledged before the backup began', async () => {
      expect(restoreRun.out).toMatch(/Restored .* \d+ submissions wait for the judge again/u);
      expect(restoreRun.code).toBe(0);
      expect((await fs.stat(newDir)).mode & 0o777).toBe(0o700);
      restored = await openDatabase({ kind: 'pglite', dataDir: path.join(newDir, 'pglite') });
      const { rows } = await restored.pool.query<{ id: string; code: string; status: string }>(
        `select id::text as id, code, status from submissions`,
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      // Acknowledged by the moment the backup was started (the same millisecond included: the
      // loop above saw the 30th acknowledgement before it started the backup).
      const before = acknowledged.filter((s) => s.at <= backupBegan);
      expect(before.length).toBeGreaterThanOrEqual(30);
      for (const s of before) expect(byId.get(s.id)?.code).toBe(s.code);
      // Nothing that was never acknowledged appears, and nothing is half there.
      const ids = new Set(acknowledged.map((s) => s.id));
      expect(rows.filter((r) => !ids.has(r.id))).toEqual([]);
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['queued']));
      // The generated secret the server made is back, byte for byte.
      expect(await fs.readFile(path.join(newDir, 'compiler-app-key'), 'utf8')).toBe(
        await fs.readFile(path.join(dataDir, 'compiler-app-key'), 'utf8'),
      );
    });

    it(
      'starts a server that signs the students in and judges what was waiting',
      async () => {
        if (!restored) throw new Error('the restored database did not open');
        restoredServer = await startServerOn(restored, { ...adminEnv, DATA_DIR: newDir });
        const login = await call(restoredServer, 'POST', '/api/user/loginSignUp', {
          email: 'backup3@college.test',
          password: STUDENT_PASSWORD,
        });
        expect(login.status).toBe(200);
        const pending = async () =>
          Number(
            (
              await queryRows(
                restoredServer as TestServer,
                `select count(*)::int as n from submissions where status <> 'judged'`,
              )
            )[0]?.n,
          );
        const deadline = Date.now() + 150_000;
        while ((await pending()) > 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 250));
        expect(await pending()).toBe(0);
        const verdicts = await queryRows(
          restoredServer,
          `select distinct verdict from submissions`,
        );
        expect(verdicts).toEqual([{ verdict: 'Accepted' }]);
      },
      bound(180_000),
    );

    it(
      'refuses a non-empty DATA_DIR without --force, and a damaged file even with it',
      async () => {
        await restoredServer?.close();
        restoredServer = undefined;
        restored = undefined;
        const before = await listing(newDir);
        const again = await operator('restore', pgliteEnv(newDir), [backupFile]);
        expect(again.code).toBe(1);
        expect(again.out).toContain('is not empty');

        const whole = await fs.readFile(backupFile);
        const { gunzipSync, gzipSync } = await import('node:zlib');
        const text = gunzipSync(whole).toString('utf8');
        const cut = path.join(root, 'cut.jsonl.gz');
        await fs.writeFile(cut, gzipSync(text.slice(0, text.lastIndexOf('["end"'))));
        const damaged = await operator('restore', pgliteEnv(newDir), [cut, '--force']);
        expect(damaged.out).toContain('cut short');
        expect(damaged.code).toBe(1);
        expect(await listing(newDir)).toEqual(before);
      },
      bound(120_000),
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore on PostgreSQL', () => {
  let source: LastingDatabase;
  let target: LastingDatabase;
  let server: TestServer;
  let root: string;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-pg-'));
    source = await lastingDatabase('postgres');
    target = await lastingDatabase('postgres', { empty: true });
    server = await startServerOn(await source.open(), {
      ...adminEnv,
      DATA_DIR: path.join(root, 'data'),
      JUDGE_IN_PROCESS: 'false',
    });
    await addChallenge(server, challengeInput('BK-1', oneTest));
    const student = await signInStudent(server, 'pg-backup@college.test', 'BK-1');
    for (let i = 0; i < 3; i += 1) await submit(server, student, solutions.python.correct);
  }, bound(120_000));

  afterAll(async () => {
    await server?.close();
    await source?.drop();
    await target?.drop();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it(
    'restores every row into an empty database',
    async () => {
      const file = path.join(root, 'pg.jsonl.gz');
      const env = { ...process.env, DATA_DIR: path.join(root, 'data'), DATABASE_URL: source.url };
      const backup = await operator('backup', env, [file]);
      expect(backup.code).toBe(0);
      const restore = await operator('restore', { ...env, DATABASE_URL: target.url }, [file]);
      expect(restore.out).toContain('3 submissions wait for the judge again');
      expect(restore.code).toBe(0);
      const restored = await target.open();
      try {
        const counts = `select (select count(*) from users)::int as users,
                             (select count(*) from submissions)::int as submissions,
                             (select count(*) from test_cases)::int as tests`;
        const [theirs] = (await restored.pool.query(counts)).rows;
        expect(theirs).toEqual((await queryRows(server, counts))[0]);
        // Only the oldest of the student's three holds a job, as at Submit.
        const jobs = await restored.pool.query(
          `select count(*)::int as n from submissions where job_id is not null`,
        );
        expect(jobs.rows[0]).toEqual({ n: 1 });
      } finally {
        await restored.close();
      }
      const refused = await operator('restore', { ...env, DATABASE_URL: target.url }, [file]);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('is not empty');
    },
    bound(120_000),
  );
});
