// `npm run admin -- create | reset-password | list` (issue 15 item 2), run as a child process
// while the server runs, on both databases: on PGlite it must go through the running server's
// database socket (two PGlite instances on one folder would corrupt it). A locked-out
// administrator gets a new password and signs in at once; a generated password is printed as a
// plain block.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection.ts';
import {
  ADMIN,
  adminEnv,
  call,
  databaseKinds,
  lastingDatabase,
  startServerOn,
  type LastingDatabase,
  type TestServer,
} from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Outcome = { code: number | null; out: string };

function admin(env: NodeJS.ProcessEnv, args: string[], stdin = ''): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: ROOT,
      env,
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

const login = (server: TestServer, email: string, password: string) =>
  call(server, 'POST', '/api/admin/login', { email, password });

describe.each(databaseKinds)('npm run admin on %s, while the server runs', (kind) => {
  let server: TestServer;
  let dataDir: string;
  let lasting: LastingDatabase | undefined;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-admin-cli-'));
    let database;
    if (kind === 'postgres') {
      lasting = await lastingDatabase('postgres');
      database = await lasting.open();
    } else {
      // The server's embedded database where DATA_DIR puts it, as `npm start` does.
      database = await openDatabase({
        kind: 'pglite',
        dataDir: path.join(dataDir, 'pglite'),
        loadDataDir: new Blob([await fs.readFile(inject('pgliteTemplatePath'))]),
      });
    }
    server = await startServerOn(database, {
      ...adminEnv,
      DATA_DIR: dataDir,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    });
    env = { ...process.env, NODE_EXTRA_CA_CERTS: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    if (lasting?.url) env.DATABASE_URL = lasting.url;
  });
  afterAll(async () => {
    await server?.close();
    await lasting?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('lists, recovers a locked administrator, and creates another', async () => {
    const listed = await admin(env, ['list']);
    expect(listed.out).toContain(ADMIN.email);
    expect(listed.code).toBe(0);
    if (kind === 'pglite') expect(listed.out).toContain("the running portal's embedded database");

    // A session from before the reset (one the lost administrator may have left signed in).
    const before = await login(server, ADMIN.email, ADMIN.password);
    const oldSession = { authorization: `Bearer ${(before.body as { token: string }).token}` };
    expect((await call(server, 'GET', '/api/admin/students', undefined, oldSession)).status).toBe(
      200,
    );

    // Three wrong passwords from this address: the right one is now refused here too.
    for (let i = 0; i < 3; i += 1)
      expect((await login(server, ADMIN.email, 'Wrong-pass-1')).status).toBe(401);
    expect((await login(server, ADMIN.email, ADMIN.password)).status).toBe(429);

    const reset = await admin(
      env,
      ['reset-password', ADMIN.email.toUpperCase()],
      'New-admin-pass-1!\n',
    );
    expect(reset).toMatchObject({ code: 0 });
    expect((await login(server, ADMIN.email, 'New-admin-pass-1!')).status).toBe(200);
    expect((await login(server, ADMIN.email, ADMIN.password)).status).toBe(401);
    // The reset ended the old session: on PostgreSQL the server is told at once (on the embedded
    // database it notices when its memory of the account's version expires, within 5 minutes).
    if (kind === 'postgres') {
      expect((await call(server, 'GET', '/api/admin/students', undefined, oldSession)).status).toBe(
        401,
      );
    }

    const created = await admin(env, ['create', 'deputy@college.test']);
    expect(created.code).toBe(0);
    expect(created.out).toContain('email:     deputy@college.test');
    const password = /password: +(\S+)/u.exec(created.out)?.[1] ?? '';
    expect((await login(server, 'deputy@college.test', password)).status).toBe(200);

    expect(await admin(env, ['create', 'deputy@college.test'])).toMatchObject({
      code: 1,
      out: expect.stringContaining('exists already'),
    });
  });
});
