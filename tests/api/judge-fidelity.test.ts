// Judge fidelity, second pass (issue 35) through the product's own Import problem, on both
// databases: packages written for this project whose labelled submissions hold the judge to the
// memory and output limits' edges, and the per-challenge output limit of the challenge's JSON.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge, ChallengeInput } from '../../src/contract/challenges.ts';
import { messages } from '../../src/contract/messages.ts';
import { readPackageFolder } from '../../src/server/problems/package-folder.ts';
import { zipFiles } from '../../src/server/problems/package-zip.ts';
import { importFixture, selfCheckRows, upload } from './problem-calls.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  startServer,
  type TestServer,
} from './harness.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/problems');

const challenge = (id: string, overrides: Partial<ChallengeInput> = {}): ChallengeInput => ({
  challengeName: 'Echo',
  challengeDesc: 'Print what you read.',
  difficultyLev: 'easy',
  score: 100,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  timeDur: 45,
  challengeId: id,
  language: 'python',
  tags: 'warm-up',
  starterCode: '',
  timeLimitMs: 1000,
  memoryLimitMb: 64,
  testCases: [{ input: '1\n', expectedOutput: '1\n', hidden: false, weight: 1 }],
  ...overrides,
});

describe.each(databaseKinds)('judge fidelity on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'imports limits: every memory and output edge in C, C++, Java and Python agrees',
    { timeout: 240_000 },
    async () => {
      const body = await importFixture(server, admin, 'limits');
      expect(body.challenge).toMatchObject({ memoryLimitMb: 64, outputLimitMb: 1 });
      const rows = await selfCheckRows(server, admin, body);
      expect(rows.map((r) => r.path).sort()).toEqual([
        'submissions/accepted/Keep.java',
        'submissions/accepted/keep.c',
        'submissions/accepted/keep.cpp',
        'submissions/accepted/keep.py',
        'submissions/accepted/xs.c',
        'submissions/accepted/xs.py',
        'submissions/memory_limit_exceeded/Hog.java',
        'submissions/memory_limit_exceeded/hog.c',
        'submissions/memory_limit_exceeded/hog.cpp',
        'submissions/memory_limit_exceeded/hog.py',
        'submissions/output_limit_exceeded/Flood.java',
        'submissions/output_limit_exceeded/flood.c',
        'submissions/output_limit_exceeded/flood.cpp',
        'submissions/output_limit_exceeded/flood.py',
        'submissions/wrong_answer/short.py',
      ]);
      const disagreeing = rows.filter((r) => !r.agrees);
      expect(disagreeing, JSON.stringify(disagreeing, null, 1)).toEqual([]);
    },
  );

  it(
    'imports subtasks, a scoring problem graded as problemtools does: the first subtask alone scores 50',
    { timeout: 240_000 },
    async () => {
      const body = await importFixture(server, admin, 'subtasks');
      expect(body.challenge).toMatchObject({ challengeId: 'SUBTASKS' });
      const rows = await selfCheckRows(server, admin, body);
      const disagreeing = rows.filter((r) => !r.agrees);
      expect(disagreeing, JSON.stringify(disagreeing, null, 1)).toEqual([]);
      const scores = Object.fromEntries(rows.map((r) => [r.path, [r.got, r.score]]));
      expect(scores).toEqual({
        'submissions/accepted/sum.c': ['Accepted', 100],
        'submissions/accepted/sum.py': ['Accepted', 100],
        // Accepted by the secret group's accept_if_any_accepted, with the first subtask's 50.
        'submissions/partially_accepted/int32.c': ['Accepted', 50],
        'submissions/partially_accepted/small.py': ['Accepted', 50],
        'submissions/wrong_answer/first.py': ['Wrong Answer', 0],
        'submissions/time_limit_exceeded/spin.py': ['Time Limit Exceeded', 0],
      });
      // The grading is kept with the challenge, and a form's save (without it) keeps it.
      const post = (p: string, b: unknown) => call(server, 'POST', p, b, admin);
      const stored = (await post('/api/admin/getChallenge', { challengeId: 'SUBTASKS' }))
        .body as Challenge;
      expect(stored.grading?.groups['1_small']).toMatchObject({
        aggregate: 'min',
        acceptScore: 50,
      });
      const { grading: _g, ...fromForm } = stored;
      expect((await post('/api/admin/updateChallenge', fromForm)).status).toBe(200);
      const again = (await post('/api/admin/getChallenge', { challengeId: 'SUBTASKS' }))
        .body as Challenge;
      expect(again.grading).toEqual(stored.grading);
    },
  );

  it(
    "imports domhello (DOMjudge's folders and tags): every file judged and agreeing, or listed as left out",
    { timeout: 240_000 },
    async () => {
      const body = await importFixture(server, admin, 'domhello');
      const rows = await selfCheckRows(server, admin, body);
      expect(rows.map((r) => [r.path, r.got, r.agrees]).sort()).toEqual([
        ['submissions/accepted/hello.c', 'Accepted', true],
        ['submissions/accepted/hello.py', 'Accepted', true],
        ['submissions/accepted/multi/', 'Accepted', true],
        // Two Python modules judged together (issue 35 item 6).
        ['submissions/accepted/split/', 'Accepted', true],
        ['submissions/compiler_error/broken.cpp', 'Compilation Error', true],
        ['submissions/multiple/either.py', 'Accepted', true],
        ['submissions/no_output/silent.py', 'Wrong Answer', true],
        ['submissions/output_limit/flood.c', 'Output Limit Exceeded', true],
        // A memory overrun under run_time_error/ agrees, as both formats file it.
        ['submissions/run_time_error/hog.cpp', 'Memory Limit Exceeded', true],
        ['submissions/slow_accepted/slow.py', 'Accepted', true],
      ]);
      expect(body.warnings).toHaveLength(3);
      expect(body.warnings.every((w) => w.includes(': left out: '))).toBe(true);
    },
  );

  it('refuses a multi-pass package with a message that names multi-pass, and keeps nothing', async () => {
    const { files } = readPackageFolder(path.join(FIXTURES, 'multipass'));
    const res = await upload(server, admin, {
      name: 'multipass.zip',
      data: await zipFiles(files, 'multipass'),
    });
    expect(res).toMatchObject({ status: 400, body: { message: messages.packageMultiPass } });
    const read = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'MULTIPASS' },
      admin,
    );
    expect(read.status).toBe(404);
  });

  it('keeps an output limit per challenge: 8 MiB by default, kept by an update without it', async () => {
    const post = (p: string, b: unknown) => call(server, 'POST', p, b, admin);
    const read = async (id: string) =>
      ((await post('/api/admin/getChallenge', { challengeId: id })).body as Challenge)
        .outputLimitMb;
    expect((await post('/api/admin/addChallenge', challenge('OUT-DEFAULT'))).status).toBe(200);
    expect(await read('OUT-DEFAULT')).toBe(8);
    const own = challenge('OUT-OWN', { outputLimitMb: 16 });
    expect((await post('/api/admin/addChallenge', own)).status).toBe(200);
    expect(await read('OUT-OWN')).toBe(16);
    // The spec's form sends no output limit: saving it keeps the challenge's.
    const { outputLimitMb: _own, ...fromForm } = { ...own, challengeName: 'Echo again' };
    expect((await post('/api/admin/updateChallenge', fromForm)).status).toBe(200);
    expect(await read('OUT-OWN')).toBe(16);
    expect(
      await post('/api/admin/addChallenge', challenge('OUT-BAD', { outputLimitMb: 65 })),
    ).toMatchObject({ status: 400, body: { message: messages.invalidOutputLimit } });
  });
});
