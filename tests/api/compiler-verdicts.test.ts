// Through the API with the real sandboxed judge: per language a correct, a wrong, a slow, a
// crashing and a broken (non-compiling) solution get the right verdict and weighted score, and are
// stored. Limits are generous except on the TLE challenge: the machine is shared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgedSubmission } from '../../src/contract/compiler.ts';
import { JUDGE_LANGUAGES } from '../../src/contract/verdicts.ts';
import { adminEnv, call, judgingDatabase, startServer, type TestServer } from './harness.ts';
import {
  addChallenge,
  challengeInput,
  signInStudent,
  solutions,
  submitAndWait,
  type Solution,
  type Student,
} from './compiler-fixtures.ts';

const expected: Record<Solution, { verdict: string; score: number }> = {
  correct: { verdict: 'Accepted', score: 100 },
  wrong: { verdict: 'Wrong Answer', score: 25 },
  slow: { verdict: 'Time Limit Exceeded', score: 0 },
  crash: { verdict: 'Runtime Error', score: 0 },
  // Every language has a compile step: javac, gcc and g++, Python's compile() and node --check.
  broken: { verdict: 'Compilation Error', score: 0 },
};

describe.each(judgingDatabase)('judging through the API on %s', (kind) => {
  let server: TestServer;
  let student: Student;
  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    for (const language of JUDGE_LANGUAGES) {
      await addChallenge(server, challengeInput(`V-${language}`, { language }));
      await addChallenge(
        server,
        challengeInput(`V-${language}-SLOW`, {
          language,
          timeLimitMs: 500,
          testCases: [{ input: '1 2\n', expectedOutput: '3\n', hidden: false, weight: 1 }],
        }),
      );
    }
    // One compiler token serves every challenge.
    student = await signInStudent(server, 'judged@college.test', 'V-python');
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(JUDGE_LANGUAGES)('gives %s the right verdicts and scores', async (language) => {
    const submit = (solution: Solution) =>
      submitAndWait(server, student, {
        challengeId: solution === 'slow' ? `V-${language}-SLOW` : `V-${language}`,
        code: solutions[language][solution],
      });
    const kinds: Solution[] = ['correct', 'wrong', 'slow', 'crash', 'broken'];
    const answers = await Promise.all(kinds.map(submit));
    for (const [i, solution] of kinds.entries()) {
      const res = answers[i];
      expect(res?.status, `${solution}: ${JSON.stringify(res?.body)}`).toBe(202);
      const body = res?.final as JudgedSubmission;
      expect({ solution, verdict: body.verdict, score: body.score }).toEqual({
        solution,
        ...expected[solution],
      });
    }
    const correct = answers[0]?.final as JudgedSubmission;
    expect(correct).toMatchObject({ passed: 2, total: 2, maxScore: 100, bestScore: 100 });
    expect(correct.samples[0]).toMatchObject({ verdict: 'Accepted', stdout: '3\n' });
    expect(correct.hidden).toEqual({ total: 1, passed: 1, verdicts: { Accepted: 1 } });
    const wrong = answers[1]?.final as JudgedSubmission;
    expect(wrong.hidden.verdicts).toEqual({ 'Wrong Answer': 1 });
    expect((answers[4]?.final as JudgedSubmission).compileOutput).toMatch(/error/iu);
    // Stopped at the 500 ms limit: the test reports the limit, never the time past it (issue 30).
    expect((answers[2]?.final as JudgedSubmission).samples[0]).toMatchObject({
      verdict: 'Time Limit Exceeded',
      timeMs: 500,
    });

    // Stored: the result call gives back the same answer, and the best score is the correct one.
    const again = await call(
      server,
      'GET',
      `/api/compiler/result/${wrong.submissionId}`,
      undefined,
      student.compiler,
    );
    expect(again.body).toEqual({ ...wrong, bestScore: 100 });
  });
});
