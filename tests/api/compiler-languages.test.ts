// A challenge accepted in several languages (issue 14 item 3): the spec's `language` stays the
// default, `languages` names the others; the statement lists them all, Run and Submit take an
// optional `language`, a language the challenge does not accept is refused with a message, and
// the submission is judged (and remembered) in the language it was written in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/contract/challenges.ts';
import type {
  CompilerChallenge,
  HistoryResponse,
  JudgedSubmission,
  RunResponse,
} from '../../src/contract/compiler.ts';
import {
  adminEnv,
  adminToken,
  bearer,
  call,
  judgingDatabase,
  startServer,
  type TestServer,
} from './harness.ts';
import {
  addChallenge,
  challengeInput,
  signInStudent,
  solutions,
  submitAndWait,
  type Student,
} from './compiler-fixtures.ts';

describe.each(judgingDatabase)('a challenge in several languages on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let student: Student;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    admin = bearer(await adminToken(server));
    // The default repeated and an order of its own: stored once each, in the judge's order.
    await addChallenge(
      server,
      challengeInput('LANG-1', { language: 'python', languages: ['cpp', 'python', 'c', 'cpp'] }),
    );
    await addChallenge(server, challengeInput('LANG-2'));
    student = await signInStudent(server, 'lang-student@college.test', 'LANG-1');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The languages of the student's stored submissions to LANG-1, newest first. */
  const historyLanguages = async () => {
    const res = await call(
      server,
      'GET',
      '/api/compiler/history/LANG-1',
      undefined,
      student.compiler,
    );
    return (res.body as HistoryResponse).submissions.map((s) => s.language);
  };

  it('stores the other languages without the default or repeats, and lists them all to students', async () => {
    const stored = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'LANG-1' },
      admin,
    );
    expect(stored.status).toBe(200);
    expect((stored.body as Challenge).languages).toEqual(['c', 'cpp']);
    const single = await call(
      server,
      'POST',
      '/api/admin/getChallenge',
      { challengeId: 'LANG-2' },
      admin,
    );
    expect((single.body as Challenge).languages).toEqual([]);

    const statement = await call(
      server,
      'GET',
      '/api/compiler/challenge/LANG-1',
      undefined,
      student.compiler,
    );
    expect(statement.status).toBe(200);
    expect((statement.body as CompilerChallenge).languages).toEqual(['python', 'c', 'cpp']);
  });

  it('runs and judges the code in the language it names, and the default without one', async () => {
    const run = await call(
      server,
      'POST',
      '/api/compiler/run',
      { challengeId: 'LANG-1', code: solutions.cpp.correct, language: 'cpp' },
      student.compiler,
    );
    expect(run.status).toBe(200);
    expect(run.body as RunResponse).toMatchObject({ mode: 'samples', verdict: 'Accepted' });

    const inC = await submitAndWait(server, student, {
      challengeId: 'LANG-1',
      code: solutions.c.correct,
      language: 'c',
    });
    expect(inC.final).toMatchObject({ status: 'judged', verdict: 'Accepted', language: 'c' });
    // C code sent without a language is judged as the default (python): not Accepted.
    const asDefault = await submitAndWait(server, student, {
      challengeId: 'LANG-1',
      code: solutions.c.correct,
    });
    expect((asDefault.final as JudgedSubmission).language).toBe('python');
    expect((asDefault.final as JudgedSubmission).verdict).not.toBe('Accepted');

    expect(await historyLanguages()).toEqual(['python', 'c']);
  });

  it('refuses a language the challenge does not accept, storing nothing', async () => {
    for (const path of ['/api/compiler/run', '/api/compiler/submit']) {
      const res = await call(
        server,
        'POST',
        path,
        { challengeId: 'LANG-1', code: solutions.java.correct, language: 'java' },
        student.compiler,
      );
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toBe(
        'This test does not accept Java: write it in Python, C, C++.',
      );
    }
    const unknown = await call(
      server,
      'POST',
      '/api/compiler/submit',
      { challengeId: 'LANG-1', code: 'x', language: 'cobol' },
      student.compiler,
    );
    expect(unknown.status).toBe(400);
    expect((unknown.body as { message: string }).message).toBe(
      'The language must be javascript, python, java, c or cpp',
    );
    expect(await historyLanguages()).toHaveLength(2);
  });

  it('refuses an unknown language in the challenge form with the language message', async () => {
    const res = await call(
      server,
      'POST',
      '/api/admin/addChallenge',
      challengeInput('LANG-3', { languages: ['cobol' as 'c'] }),
      admin,
    );
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(
      'The language must be javascript, python, java, c or cpp',
    );
  });
});
