// Big test data through the API (issue 14 item 6), on both databases: a teacher uploads a test's
// input and expected output as files (stored once per content, streamed back byte for byte), saves
// a challenge naming them, and a student's submission is judged against them by the real sandbox.
// Over a limit the answer is 413 with a message, and nothing of the refused file is kept.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/contract/challenges.ts';
import type { JudgedSubmission } from '../../src/contract/compiler.ts';
import { messages } from '../../src/contract/messages.ts';
import type { TestDataRef } from '../../src/contract/test-data.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  queryRows,
  signUpStudent,
  startServer,
  type TestServer,
} from './harness.ts';
import { challengeInput, signInStudent, submitAndWait } from './compiler-fixtures.ts';

/** n numbers, one per line, and their sum: a test too big for the challenge's JSON. */
function bigTest(n: number): { input: Buffer; output: Buffer } {
  const lines: string[] = [String(n)];
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = (i * 7919) % 1000003;
    lines.push(String(v));
    sum += v;
  }
  return { input: Buffer.from(`${lines.join('\n')}\n`), output: Buffer.from(`${sum}\n`) };
}
const SUM_ALL = 'import sys\nd = sys.stdin.buffer.read().split()\nprint(sum(map(int, d[1:])))\n';
const SUM_BUT_LAST =
  'import sys\nd = sys.stdin.buffer.read().split()\nprint(sum(map(int, d[1:-1])))\n';

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function upload(
  server: TestServer,
  token: string,
  data: Buffer,
  name = 'data.in',
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append('file', new Blob([data]), name);
  const res = await fetch(`${server.url}/api/admin/test-data`, {
    method: 'POST',
    headers: bearer(token),
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe.each(databaseKinds)('big test data on %s', (kind) => {
  let server: TestServer;
  let token: string;
  const big = bigTest(700_000); // ~5 MB of input

  beforeAll(async () => {
    server = await startServer(kind, {
      ...adminEnv,
      TEST_DATA_MAX_MB: '8',
      CHALLENGE_DATA_MAX_MB: '12',
    });
    token = await adminToken(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores an uploaded file once per content and streams it back byte for byte', async () => {
    expect(big.input.length).toBeGreaterThan(4 * 1024 * 1024);
    const first = await upload(server, token, big.input);
    expect(first).toEqual({
      status: 200,
      body: { sha256: sha256(big.input), size: big.input.length },
    });
    const again = await upload(server, token, big.input, 'same.in');
    expect(again.body).toEqual(first.body);
    const rows = await queryRows(server, 'select count(*)::int as n from test_data');
    expect(rows[0]?.n).toBe(1);
    const chunks = await queryRows(server, 'select count(*)::int as n from test_data_chunks');
    expect(chunks[0]?.n).toBe(Math.ceil(big.input.length / (1024 * 1024)));

    const res = await fetch(`${server.url}/api/admin/test-data/${sha256(big.input)}`, {
      headers: bearer(token),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await res.arrayBuffer()).equals(big.input)).toBe(true);
  });

  it('keeps test files for administrators only', async () => {
    const student = await signUpStudent(server, `td-${kind}@college.test`);
    expect((await upload(server, student.token, big.output)).status).toBe(403);
    const res = await call(
      server,
      'GET',
      `/api/admin/test-data/${sha256(big.input)}`,
      undefined,
      bearer(student.token),
    );
    expect(res.status).toBe(403);
    const missing = await call(
      server,
      'GET',
      `/api/admin/test-data/${'0'.repeat(64)}`,
      undefined,
      bearer(token),
    );
    expect(missing).toMatchObject({ status: 404, body: { message: messages.testDataMissing } });
    const bad = await call(
      server,
      'GET',
      '/api/admin/test-data/not-a-hash',
      undefined,
      bearer(token),
    );
    expect(bad.status).toBe(400);
  });

  it('refuses a file over TEST_DATA_MAX_MB with 413 and keeps nothing of it', async () => {
    const before = await queryRows(server, 'select count(*)::int as n from test_data');
    const res = await upload(server, token, Buffer.alloc(8 * 1024 * 1024 + 1, 0x31));
    expect(res).toEqual({
      status: 413,
      body: { message: messages.testDataTooLarge.replace('{size}', '8.0 MB') },
    });
    const after = await queryRows(server, 'select count(*)::int as n from test_data');
    expect(after[0]?.n).toBe(before[0]?.n);
    const orphans = await queryRows(
      server,
      'select count(*)::int as n from test_data_chunks c where not exists (select 1 from test_data d where d.id = c.data_id)',
    );
    expect(orphans[0]?.n).toBe(0);
  });

  it('judges a submission against stored files', async () => {
    const input = (await upload(server, token, big.input)).body as TestDataRef;
    const output = (await upload(server, token, big.output)).body as TestDataRef;
    const saved = await call(
      server,
      'POST',
      '/api/admin/addChallenge',
      challengeInput('BIG-SUM', {
        testCases: [
          { input: '3\n1\n2\n3\n', expectedOutput: '6\n', hidden: false, weight: 0 },
          {
            input: '',
            expectedOutput: '',
            inputFile: input,
            expectedOutputFile: { sha256: output.sha256, size: 1 }, // the server keeps its own size
            hidden: true,
            weight: 1,
          },
        ],
      }),
      bearer(token),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'BIG-SUM' },
      bearer(token),
    );
    const hidden = (read.body as Challenge).testCases[1];
    expect(hidden).toMatchObject({
      input: '',
      expectedOutput: '',
      inputFile: input,
      expectedOutputFile: output,
    });

    const student = await signInStudent(server, `big-${kind}@college.test`, 'BIG-SUM');
    const right = await submitAndWait(server, student, { challengeId: 'BIG-SUM', code: SUM_ALL });
    expect(right.final, JSON.stringify(right.final)).toMatchObject({
      verdict: 'Accepted',
      score: 100,
    });
    const wrong = await submitAndWait(server, student, {
      challengeId: 'BIG-SUM',
      code: SUM_BUT_LAST,
    });
    expect((wrong.final as JudgedSubmission).verdict).toBe('Wrong Answer');
  });

  it('refuses a challenge naming a missing file, a sample from a file, or text and a file at once', async () => {
    const ref = (await upload(server, token, big.output)).body as TestDataRef;
    const save = (testCases: unknown[]) =>
      call(
        server,
        'POST',
        '/api/admin/addChallenge',
        { ...challengeInput('BIG-BAD'), testCases },
        bearer(token),
      );
    const sample = { input: '1\n1\n', expectedOutput: '1\n', hidden: false, weight: 1 };
    const missing = await save([
      sample,
      {
        input: '',
        expectedOutput: '1\n',
        inputFile: { sha256: 'a'.repeat(64), size: 1 },
        hidden: true,
        weight: 1,
      },
    ]);
    expect(missing).toMatchObject({ status: 400, body: { message: messages.testDataMissing } });
    const sampleFile = await save([{ ...sample, expectedOutput: '', expectedOutputFile: ref }]);
    expect(sampleFile).toMatchObject({ status: 400, body: { message: messages.sampleFromFile } });
    const both = await save([
      sample,
      { input: '1\n', expectedOutput: '1\n', expectedOutputFile: ref, hidden: true, weight: 1 },
    ]);
    expect(both).toMatchObject({ status: 400, body: { message: messages.testDataBoth } });
    const rows = await queryRows(
      server,
      "select count(*)::int as n from challenges where challenge_id = 'BIG-BAD'",
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('refuses a challenge whose tests weigh more than CHALLENGE_DATA_MAX_MB with 413', async () => {
    const input = (await upload(server, token, big.input)).body as TestDataRef;
    const hidden = { input: '', expectedOutput: '1\n', inputFile: input, hidden: true, weight: 1 };
    const res = await call(
      server,
      'POST',
      '/api/admin/addChallenge',
      challengeInput('BIG-HEAVY', { testCases: [hidden, hidden, hidden] }), // 3 x 5 MB > 12 MB
      bearer(token),
    );
    expect(res).toEqual(
      expect.objectContaining({
        status: 413,
        body: { message: messages.challengeDataTooLarge.replace('{size}', '12.0 MB') },
      }),
    );
  });

  it('removes files no test uses a day after their upload, and keeps the ones in use', async () => {
    const unused = (await upload(server, token, Buffer.from('unused\n'))).body as TestDataRef;
    await queryRows(server, "update test_data set uploaded_at = now() - interval '2 days'");
    await upload(server, token, Buffer.from('another upload runs the clean-up\n'));
    const left = await queryRows(server, 'select sha256 from test_data');
    const names = left.map((r) => r.sha256);
    expect(names).not.toContain(unused.sha256);
    expect(names).toContain(sha256(big.input)); // BIG-SUM's input
    expect(names).toContain(sha256(big.output));
  });
});
