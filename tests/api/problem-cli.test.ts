// `npm run problem -- import|export` (issue 14 item 7) against a running server: a package folder
// is zipped and imported (with and without the self-check), the exit code says whether every
// labelled submission agreed, and a challenge is exported to a zip. One database is enough: the
// command only calls the API, whose import is tested on both.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminEnv, startServer, type TestServer } from './harness.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const APLUSB_FIXTURE = path.join(ROOT, 'tests/fixtures/problems/aplusb');

/**
 * aplusb with its Python submissions only (one per verdict): the command's self-check path is the
 * same for 5 as for 25, and what the judge makes of all 25 is problem-import.test.ts's to check.
 */
function pythonOnlyCopy(): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cli-aplusb-')), 'aplusb');
  fs.cpSync(APLUSB_FIXTURE, dir, {
    recursive: true,
    filter: (src) =>
      !path.relative(APLUSB_FIXTURE, src).startsWith('submissions/') ||
      fs.statSync(src).isDirectory() ||
      src.endsWith('.py'),
  });
  return dir;
}
const APLUSB = pythonOnlyCopy();

describe('npm run problem', () => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;

  const problem = async (...args: string[]) => {
    try {
      const { stdout } = await run('npx', ['tsx', 'scripts/problem.ts', ...args], {
        cwd: ROOT,
        env,
      });
      return { code: 0, out: stdout };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };

  beforeAll(async () => {
    server = await startServer('pglite', adminEnv);
    env = {
      ...process.env,
      PORTAL_URL: server.url,
      PORTAL_ADMIN_EMAIL: ADMIN.email,
      PORTAL_ADMIN_PASSWORD: ADMIN.password,
    };
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(path.dirname(APLUSB), { recursive: true, force: true });
  });

  it('imports a package folder, self-checks it, and exports the challenge', async () => {
    const imported = await problem(
      'import',
      APLUSB,
      '--id',
      'CLI-SUM',
      '--languages',
      'python,cpp',
    );
    expect(imported.out).toContain('Created challenge CLI-SUM "A plus B" with 4 tests.');
    expect(imported.out).toContain('5 of 5 submissions agree with the package.');
    expect(imported.code).toBe(0);

    const again = await problem('import', APLUSB, '--id', 'CLI-SUM', '--no-check');
    expect(again).toMatchObject({ code: 2 });
    expect(again.out).toContain('A challenge with this test code exists already');
    const replaced = await problem('import', APLUSB, '--id', 'CLI-SUM', '--replace', '--no-check');
    expect(replaced.out).toContain('Replaced challenge CLI-SUM');

    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'export-')), 'sum.zip');
    const exported = await problem('export', 'CLI-SUM', out);
    expect(exported).toMatchObject({ code: 0 });
    expect(fs.readFileSync(out).subarray(0, 2).toString()).toBe('PK');
  });

  it('says what is wrong: no such folder, bad credentials, no server', async () => {
    expect(await problem('import', '/nowhere/at/all')).toMatchObject({
      code: 2,
      out: expect.stringContaining('/nowhere/at/all does not exist.'),
    });
    env = { ...env, PORTAL_ADMIN_PASSWORD: 'wrong-password' };
    expect((await problem('export', 'CLI-SUM')).out).toContain('Sign-in failed');
    env = { ...env, PORTAL_URL: 'http://127.0.0.1:9' };
    expect((await problem('export', 'CLI-SUM')).out).toContain('The portal does not answer');
    expect((await problem('frobnicate')).out).toContain('Usage:');
  });
});
