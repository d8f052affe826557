import { describe, expect, it } from 'vitest';
import { newTestCase } from './challenge-form-values.ts';
import { worstCaseText } from './worst-case.ts';

const tests = (n: number) => Array.from({ length: n }, () => newTestCase());

describe('the worst case line of the challenge form', () => {
  it('multiplies the tests by the wall limit of one test', () => {
    expect(
      worstCaseText({ language: 'python', timeLimitSeconds: '1.4', testCases: tests(12) }),
    ).toBe('Worst case per submission: compile 5 s + 12 tests × 2.4 s = 34 s');
    expect(
      worstCaseText({ language: 'javascript', timeLimitSeconds: '2', testCases: tests(1) }),
    ).toBe('Worst case per submission: compile 5 s + 1 test × 3.5 s = 9 s');
  });

  it('adds the compile step for Java (and the syntax check above for Python and JavaScript)', () => {
    expect(worstCaseText({ language: 'java', timeLimitSeconds: '1', testCases: tests(10) })).toBe(
      'Worst case per submission: compile 20 s + 10 tests × 3.5 s = 55 s',
    );
  });

  it('bounds a challenge in several languages by its dearest one, and names it', () => {
    expect(
      worstCaseText({
        language: 'python',
        languages: ['java', 'c'],
        timeLimitSeconds: '1',
        testCases: tests(10),
      }),
    ).toBe('Worst case per submission (Java): compile 20 s + 10 tests × 3.5 s = 55 s');
    expect(
      worstCaseText({
        language: 'java',
        languages: [],
        timeLimitSeconds: '1',
        testCases: tests(10),
      }),
    ).toBe('Worst case per submission: compile 20 s + 10 tests × 3.5 s = 55 s');
  });

  it("adds a checker program's compile and its run after every test", () => {
    expect(
      worstCaseText({
        language: 'python',
        timeLimitSeconds: '1',
        testCases: tests(10),
        compare: { mode: 'checker', checkerLanguage: 'cpp' },
      }),
    ).toBe(
      'Worst case per submission: compile 5 s + 10 tests × 2 s + checker: compile 20 s + 10 tests × 2.7 s = 72 s',
    );
    // Any other rule costs nothing more.
    expect(
      worstCaseText({
        language: 'python',
        timeLimitSeconds: '1',
        testCases: tests(10),
        compare: { mode: 'default', checkerLanguage: 'cpp' },
      }),
    ).toBe('Worst case per submission: compile 5 s + 10 tests × 2 s = 25 s');
  });

  it('follows the edits and switches to minutes when long', () => {
    const values = { language: 'python', timeLimitSeconds: '2', testCases: tests(3) };
    expect(worstCaseText(values)).toBe(
      'Worst case per submission: compile 5 s + 3 tests × 3 s = 14 s',
    );
    expect(worstCaseText({ ...values, testCases: tests(50) })).toBe(
      'Worst case per submission: compile 5 s + 50 tests × 3 s = 2 min 35 s',
    );
    expect(worstCaseText({ ...values, timeLimitSeconds: '20', testCases: tests(40) })).toBe(
      'Worst case per submission: compile 5 s + 40 tests × 21 s = 14 min 5 s',
    );
  });

  it('says nothing until the language and the time limit can be read', () => {
    expect(worstCaseText({ language: '', timeLimitSeconds: '2', testCases: tests(1) })).toBe(
      undefined,
    );
    for (const timeLimitSeconds of ['', ' ', 'abc', '0', '-1'])
      expect(worstCaseText({ language: 'python', timeLimitSeconds, testCases: tests(1) })).toBe(
        undefined,
      );
  });
});
