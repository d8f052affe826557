// What the program printed on each test (issue 34 item 1) through the API: the judge keeps the
// first 64 KiB of stdout and stderr of every test, hidden ones included, marked when cut; staff of
// the submission's course read them beside the expected output, one test or all; students never
// get a hidden test's output, whatever they ask, and cannot reach the staff call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse } from '../../src/contract/compiler.ts';
import { messages } from '../../src/contract/messages.ts';
import {
  OUTPUT_CAP_BYTES,
  submissionOutputsPath,
  testOutputMessages,
  type SubmissionOutputsResponse,
} from '../../src/contract/test-outputs.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  databaseKinds,
  queryRows,
  startServer,
  type TestServer,
} from './harness.ts';
import {
  addChallenge,
  challengeInput,
  HIDDEN_OUTPUT,
  signInStudent,
  submitAndWait,
  type Student,
} from './compiler-fixtures.ts';
import { createdCourse, invitedStaff } from './staff-fixtures.ts';

/** Made by the program, so its code (which the student's history shows) does not contain it. */
const MARKER = 'Q-4242424242';
/** Right on the sample (1 2), and on the hidden test 70,000 bytes of stdout and of stderr. */
const LOUD = `import sys
a, b = map(int, sys.stdin.read().split())
if a == 1:
    print(a + b)
else:
    sys.stdout.write('Q-' + str(42) * 5 + ' ' + 'x' * 70000 + '\\n')
    sys.stderr.write('E' * 70000)
`;

describe.each(databaseKinds)('test outputs on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let student: Student;
  let submissionId: string;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
    await addChallenge(server, challengeInput('OUT-1'));
    student = await signInStudent(server, 'outputs@college.test', 'OUT-1');
    const submitted = await submitAndWait(server, student, { challengeId: 'OUT-1', code: LOUD });
    expect(submitted.final?.status, JSON.stringify(submitted.final)).toBe('judged');
    submissionId = submitted.final?.submissionId ?? '';
    // What the student saw as it was judged.
    expect(JSON.stringify(submitted.body) + JSON.stringify(submitted.final)).not.toContain(MARKER);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("gives staff every test's output, cut and marked at 64 KiB, beside the expected output", async () => {
    const all = await call(server, 'GET', submissionOutputsPath(submissionId), undefined, admin);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.headers.get('cache-control')).toBe('private, no-store');
    const { tests } = all.body as SubmissionOutputsResponse;
    expect(tests.map((t) => t.index)).toEqual([0, 1]);
    expect(tests[0]).toEqual({
      index: 0,
      expected: { text: '3\n', cut: false },
      output: { stdout: { text: '3\n', cut: false }, stderr: { text: '', cut: false } },
    });
    const hidden = tests[1];
    expect(hidden?.expected).toEqual({ text: HIDDEN_OUTPUT, cut: false });
    const stdout = hidden?.output?.stdout;
    const stderr = hidden?.output?.stderr;
    expect(stdout?.cut).toBe(true);
    expect(stdout?.text.startsWith(`${MARKER} xxx`)).toBe(true);
    expect(Buffer.byteLength(stdout?.text ?? '')).toBe(OUTPUT_CAP_BYTES);
    expect(stderr).toEqual({ text: 'E'.repeat(OUTPUT_CAP_BYTES), cut: true });

    // One test at a time, as the dialog asks when a row is opened.
    const one = await call(server, 'GET', submissionOutputsPath(submissionId, 1), undefined, admin);
    expect(one.status).toBe(200);
    expect((one.body as SubmissionOutputsResponse).tests).toEqual([hidden]);
  });

  it('answers {message} for a bad id, an unknown submission or test, and another course', async () => {
    const get = (path: string, headers = admin) => call(server, 'GET', path, undefined, headers);
    expect(await get('/api/admin/submissions/nope/outputs')).toMatchObject({
      status: 400,
      body: { message: messages.invalidSubmissionId },
    });
    expect(await get(`${submissionOutputsPath(submissionId)}?test=-1`)).toMatchObject({
      status: 400,
      body: { message: testOutputMessages.invalidTestIndex },
    });
    expect(await get(submissionOutputsPath(submissionId, 7))).toMatchObject({
      status: 404,
      body: { message: testOutputMessages.testNotFound },
    });
    expect(await get(submissionOutputsPath(crypto.randomUUID()))).toMatchObject({
      status: 404,
      body: { message: testOutputMessages.submissionNotFound },
    });
    // A teacher of another course: the submission does not exist for them.
    const other = await invitedStaff(server, 'other.teacher@college.test', 'teacher');
    await createdCourse(server, other.headers, 'OTHER-1');
    expect((await get(submissionOutputsPath(submissionId), other.headers)).status).toBe(404);
  });

  it("never gives the student a hidden test's output, whatever the client asks", async () => {
    // The staff call: refused to the student's session and to the compiler's token alike.
    for (const headers of [student.session, student.compiler]) {
      const res = await call(
        server,
        'GET',
        submissionOutputsPath(submissionId),
        undefined,
        headers,
      );
      expect(res.status).toBe(headers === student.session ? 403 : 401);
      expect(JSON.stringify(res.body)).not.toContain(MARKER);
    }
    // Their own calls, with every extra the client might try.
    const asked = [
      `/api/compiler/result/${submissionId}`,
      `/api/compiler/result/${submissionId}?outputs=all&hidden=true&test=1`,
      '/api/compiler/history/OUT-1',
      '/api/compiler/history/OUT-1?outputs=all&include=hidden',
    ];
    for (const path of asked) {
      const res = await call(server, 'GET', path, undefined, student.compiler);
      expect(res.status, path).toBeLessThan(500);
      expect(JSON.stringify(res.body), path).not.toContain(MARKER);
    }
    const history = await call(server, 'GET', asked[2] ?? '', undefined, student.compiler);
    expect((history.body as HistoryResponse).submissions).toHaveLength(1);
    // The output is there, in the table the student's calls never read.
    const stored = await queryRows(
      server,
      'select test_index from submission_test_outputs where submission_id = $1 order by 1',
      [submissionId],
    );
    expect(stored.map((r) => r.test_index)).toEqual([0, 1]);
  });

  it('shows the first 64 KiB of an expected output stored as a file (big test data), marked as cut', async () => {
    const sha = 'f'.repeat(64);
    const [data] = await queryRows(
      server,
      `insert into test_data (sha256, size) values ($1, 70000) returning id`,
      [sha],
    );
    await queryRows(
      server,
      'insert into test_data_chunks (data_id, seq, bytes) values ($1, 0, $2)',
      [data?.id, Buffer.alloc(70000, 'y')],
    );
    await queryRows(
      server,
      `update test_cases set expected_output = '', expected_output_sha256 = $1
        where challenge_id = 'OUT-1' and ordinal = (select max(ordinal) from test_cases
                                                     where challenge_id = 'OUT-1')`,
      [sha],
    );
    const res = await call(server, 'GET', submissionOutputsPath(submissionId, 1), undefined, admin);
    expect((res.body as SubmissionOutputsResponse).tests[0]?.expected).toEqual({
      text: 'y'.repeat(OUTPUT_CAP_BYTES),
      cut: true,
    });
  });
});
