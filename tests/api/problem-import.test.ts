// Importing a Kattis problem package (issue 14 item 7) through the API with the real judge: the
// package in tests/fixtures/problems/aplusb becomes a challenge, and every one of its labelled
// submissions (five languages x accepted, wrong answer, time limit, run-time error, compile
// error) gets the verdict of its folder in the self-check. A test code in use answers 409 unless
// replaced; a file that is no package, no upload at all and a student's token are refused.
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.ts';
import type { Challenge } from '../../src/contract/challenges.ts';
import { selfCheckPath, type ProblemImportResponse } from '../../src/contract/problems.ts';
import { challengeLifecyclePath } from '../../src/contract/sittings.ts';
import { readPackageFolder } from '../../src/server/problems/package-folder.ts';
import { zipFiles } from '../../src/server/problems/package-zip.ts';
import { selfCheckRows, upload } from './problem-calls.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  judgingDatabase,
  queryRows,
  signUpStudent,
  startServer,
  type TestServer,
} from './harness.ts';
import { signInStudent } from './compiler-fixtures.ts';

const APLUSB = path.resolve(import.meta.dirname, '../fixtures/problems/aplusb');

describe.each(databaseKinds)('problem package import on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let zip: Buffer;

  // What the judge decides is checked once, on the embedded database (judgingDatabase): there
  // all 25 labelled submissions are judged; on PostgreSQL the Python five (one per verdict) show
  // the self-check's rows are written and read back there too.
  const fullCheck = judgingDatabase.includes(kind);
  const labelled = fullCheck ? 25 : 5;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
    const { files } = readPackageFolder(APLUSB);
    if (!fullCheck)
      for (const name of files.keys())
        if (name.startsWith('submissions/') && !name.endsWith('.py')) files.delete(name);
    zip = await zipFiles(files, 'aplusb');
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'imports aplusb and the judge agrees with every labelled submission',
    { timeout: 180_000 },
    async () => {
      const res = await upload(server, admin, { name: 'aplusb.zip', data: zip });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = res.body as ProblemImportResponse;
      expect(body.challenge).toMatchObject({
        challengeId: 'APLUSB',
        challengeName: 'A plus B',
        timeLimitMs: 1000,
        testGroups: [{ name: 'secret', scoring: 'all' }],
      });
      expect(body.challenge.testCaseCount).toBe(4);
      // The answer does not carry the tests back: getChallenge has them.
      expect(body.challenge).not.toHaveProperty('testCases');
      expect(body.warnings).toEqual([]);
      const rows = await selfCheckRows(server, admin, body);
      expect(rows).toHaveLength(labelled);
      const disagreeing = rows.filter((r) => !r.agrees);
      expect(disagreeing, JSON.stringify(disagreeing, null, 1)).toEqual([]);
      for (const row of rows.filter((r) => r.expected === 'Accepted')) expect(row.score).toBe(100);

      // A draft until a teacher publishes it (issue 32): to students its code names nothing.
      const s = await signUpStudent(server, 'aplusb@college.test');
      const tokenFor = () =>
        call(
          server,
          'POST',
          '/api/user/getToken',
          { email: s.email, name: s.name, challengeId: 'APLUSB' },
          bearer(s.token),
        );
      expect(await tokenFor()).toMatchObject({
        status: 404,
        body: { message: messages.challengeNotFound },
      });
      const published = await call(
        server,
        'POST',
        challengeLifecyclePath('APLUSB'),
        { action: 'publish' },
        admin,
      );
      expect(published).toMatchObject({ status: 200, body: { lifecycle: 'published' } });
      expect((await tokenFor()).status).toBe(200);
      // Then it is a challenge like any other: a student can open it.
      const student = await signInStudent(server, 'aplusb-2@college.test', 'APLUSB');
      const statement = await call(
        server,
        'GET',
        '/api/compiler/challenge/APLUSB',
        undefined,
        student.compiler,
      );
      expect(statement.status).toBe(200);
    },
  );

  it('keeps a test code in use unless asked to replace it, and takes another code and languages', async () => {
    const again = await upload(
      server,
      admin,
      { name: 'aplusb.zip', data: zip },
      { selfCheck: 'false' },
    );
    expect(again).toMatchObject({ status: 409, body: { message: messages.packageExists } });
    const replaced = await upload(
      server,
      admin,
      { name: 'aplusb.zip', data: zip },
      { replace: 'true', selfCheck: 'false' },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      replaced: true,
      selfCheck: [],
      selfCheckId: null,
      selfCheckTotal: 0,
    });
    const renamed = await upload(
      server,
      admin,
      { name: 'aplusb.zip', data: zip },
      { challengeId: 'SUM-CPP', languages: 'cpp, c', selfCheck: 'false' },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((renamed.body as ProblemImportResponse).challenge).toMatchObject({
      challengeId: 'SUM-CPP',
      language: 'cpp',
      languages: ['c'],
    });
  });

  it('exports a challenge as a package that imports back the same', async () => {
    const res = await fetch(`${server.url}/api/admin/problems/APLUSB/export`, { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="APLUSB.zip"');
    const exported = Buffer.from(await res.arrayBuffer());
    const again = await upload(
      server,
      admin,
      { name: 'APLUSB.zip', data: exported },
      { challengeId: 'APLUSB-AGAIN', selfCheck: 'false' },
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const original = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'APLUSB' },
      admin,
    );
    const reimported = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'APLUSB-AGAIN' },
      admin,
    );
    const challenge = reimported.body as Challenge;
    const kept = [
      'challengeName',
      'challengeDesc',
      'timeLimitMs',
      'memoryLimitMb',
      'testCases',
      'testGroups',
      'compare',
    ] as const;
    for (const key of kept)
      expect(challenge[key], key).toEqual((original.body as typeof challenge)[key]);

    const missing = await call(
      server,
      'GET',
      '/api/admin/problems/NOPE-404/export',
      undefined,
      admin,
    );
    expect(missing).toMatchObject({ status: 404, body: { message: messages.challengeNotFound } });
    const anonymous = await call(server, 'GET', '/api/admin/problems/APLUSB/export');
    expect(anonymous.status).toBe(401);
  });

  it('refuses what is not a package, a missing file, bad fields and non-administrators', async () => {
    expect(
      await upload(server, admin, { name: 'notes.zip', data: Buffer.from('hello') }),
    ).toMatchObject({
      status: 400,
      body: { message: 'The file is not a zip archive (a problem package is uploaded as .zip)' },
    });
    const { files } = readPackageFolder(path.join(APLUSB, 'submissions'));
    expect(
      await upload(server, admin, { name: 'subs.zip', data: await zipFiles(files, 'subs') }),
    ).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^Not a problem package/u) },
    });
    expect(await upload(server, admin, undefined)).toMatchObject({
      status: 400,
      body: { message: messages.selectFile },
    });
    expect(
      await upload(server, admin, { name: 'aplusb.zip', data: zip }, { languages: 'cobol' }),
    ).toMatchObject({ status: 400, body: { message: messages.invalidLanguage } });
    const notForm = await call(
      server,
      'POST',
      '/api/admin/problems/import',
      { package: 'x' },
      admin,
    );
    expect(notForm).toMatchObject({ status: 415, body: { message: messages.packageNotMultipart } });
    const student = await signInStudent(server, 'not-admin@college.test', 'APLUSB');
    const forbidden = await upload(server, student.session, { name: 'aplusb.zip', data: zip });
    expect([401, 403]).toContain(forbidden.status);
  });

  it('follows a self-check from the database: running, interrupted by a restart, unknown', async () => {
    const [row] = await queryRows(
      server,
      "insert into problem_self_checks (challenge_id, total) values ('APLUSB', 3) returning id",
    );
    const id = String(row?.id);
    const read = () => call(server, 'GET', selfCheckPath(id), undefined, admin);
    expect(await read()).toMatchObject({
      status: 200,
      body: { id, challengeId: 'APLUSB', total: 3, rows: [], status: 'running' },
    });
    // No row for 30 minutes and not finished: the server judging it stopped.
    await queryRows(
      server,
      "update problem_self_checks set updated_at = now() - interval '31 minutes' where id = $1",
      [id],
    );
    expect((await read()).body).toMatchObject({ status: 'interrupted' });
    const unknown = await call(server, 'GET', selfCheckPath(crypto.randomUUID()), undefined, admin);
    expect(unknown).toMatchObject({ status: 404, body: { message: messages.selfCheckNotFound } });
    expect((await call(server, 'GET', selfCheckPath('nope'), undefined, admin)).status).toBe(400);
    const student = await signUpStudent(server, 'peek@college.test');
    expect(
      (await call(server, 'GET', selfCheckPath(id), undefined, bearer(student.token))).status,
    ).toBe(403);
  });
});

// A second package, judged the same on either database: its output validator (C++ with a header
// of its own) and its groups are what it exercises. One database keeps the suite short.
describe('a package with an output validator and groups', () => {
  let server: TestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startServer('pglite', adminEnv);
    admin = bearer(await adminToken(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'imports divisor and the judge agrees with every labelled submission',
    { timeout: 180_000 },
    async () => {
      const { files } = readPackageFolder(
        path.resolve(import.meta.dirname, '../fixtures/problems/divisor'),
      );
      const res = await upload(server, admin, {
        name: 'divisor.zip',
        data: await zipFiles(files, 'divisor'),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = res.body as ProblemImportResponse;
      expect(body.challenge).toMatchObject({
        challengeId: 'DIVISOR',
        compare: { mode: 'checker', language: 'cpp' },
        testGroups: [
          { name: '1_small', scoring: 'all' },
          { name: '2_large', scoring: 'sum' },
        ],
      });
      const stored = await call(
        server,
        'POST',
        '/api/admin/getChallenge',
        { challengeId: 'DIVISOR' },
        admin,
      );
      const { checkerSource } = stored.body as { checkerSource: string };
      expect(checkerSource).toContain('partial_score(0.5)');
      expect(checkerSource).not.toContain('#include "validate.h"');
      const rows = await selfCheckRows(server, admin, body);
      expect(rows).toHaveLength(25);
      const disagreeing = rows.filter((r) => !r.agrees);
      expect(disagreeing, JSON.stringify(disagreeing, null, 1)).toEqual([]);
    },
  );

  it(
    'imports mean: floating-point answers within the package’s tolerance',
    { timeout: 180_000 },
    async () => {
      const { files } = readPackageFolder(
        path.resolve(import.meta.dirname, '../fixtures/problems/mean'),
      );
      const res = await upload(server, admin, {
        name: 'mean.zip',
        data: await zipFiles(files, 'mean'),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = res.body as ProblemImportResponse;
      expect(body.challenge.compare).toEqual({
        mode: 'default',
        caseSensitive: false,
        spaceChangeSensitive: false,
        floatTolerance: 1e-6,
      });
      const rows = await selfCheckRows(server, admin, body);
      expect(rows).toHaveLength(25);
      const disagreeing = rows.filter((r) => !r.agrees);
      expect(disagreeing, JSON.stringify(disagreeing, null, 1)).toEqual([]);
    },
  );
});
