// The judge's own validate.h (src/server/judge/validator-include/), in real boxes: a C or C++
// checker or interactor that includes "validate.h" without shipping it compiles against the
// judge's header and keeps the interface's meaning (argv: input, answer, feedback folder, flags;
// 42 accepts, 43 rejects with judgemessage.txt; judge_error is the judge's error, never the
// student's). The switches fixture is a DOMjudge-style interactive package in the shape of
// DOMjudge's boolfind: each of its labelled submissions is judged here as its folder or tag says.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/contract/verdicts.ts';
import type { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeLanguage, JudgeRequest } from '../../src/server/judge/types.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

const SWITCHES = path.resolve(import.meta.dirname, '../fixtures/problems/switches');
const read = (p: string) => fs.readFileSync(path.join(SWITCHES, p), 'utf8');
const interactor = read('output_validators/switches_run/interactor.cc');

/** The fixture's tests, sample first; `only` keeps the first n (the slow verdicts need one). */
const switchesTests = (only?: number): JudgeRequest['tests'] =>
  ['data/sample/1', 'data/secret/1', 'data/secret/2', 'data/secret/3', 'data/secret/4']
    .slice(0, only)
    .map((base, i) => ({
      input: read(`${base}.in`),
      expectedOutput: read(`${base}.ans`),
      hidden: i > 0,
      weight: 1,
    }));

const interactive = (language: JudgeLanguage, code: string, only?: number): JudgeRequest => ({
  language,
  code,
  tests: switchesTests(only),
  score: 100,
  timeLimitMs: 1000,
  memoryLimitMb: 256,
  compare: { mode: 'checker', language: 'cpp' },
  checkerSource: interactor,
  interactive: true,
});

/** A plain (not interactive) checker in C over the header's FILE streams. */
const cChecker = `#include "validate.h"
int main(int argc, char **argv) {
  init_io(argc, argv);
  long expected, got;
  if (fscanf(judge_ans, "%ld", &expected) != 1) judge_error("the answer file holds no number\\n");
  if (fscanf(author_out, "%ld", &got) != 1) wrong_answer("no number in the output\\n");
  if (got != expected) wrong_answer("%ld is not %ld\\n", got, expected);
  judge_message("%ld, right%s\\n", got, case_sensitive ? " (case_sensitive)" : "");
  accept();
  return 0;
}
`;

/** The same in C++, passing wrong_answer and judge_error as feedback functions, as Kattis does. */
const cppChecker = `#include "validate.h"
long number(std::istream &in, feedback_function fail, const char *what) {
  long x;
  if (!(in >> x)) fail("no number in %s\\n", what);
  return x;
}
int main(int argc, char **argv) {
  init_io(argc, argv);
  long expected = number(judge_ans, judge_error, "the answer file");
  long got = number(author_out, wrong_answer, "the output");
  if (got != expected) wrong_answer("%ld is not %ld\\n", got, expected);
  accept();
}
`;

const plain = (
  language: 'c' | 'cpp',
  source: string,
  code: string,
  answer = '42\n',
): JudgeRequest => ({
  language: 'python',
  code,
  tests: [{ input: '\n', expectedOutput: answer, hidden: false, weight: 1 }],
  score: 100,
  timeLimitMs: 2000,
  memoryLimitMb: 256,
  compare: { mode: 'checker', language },
  checkerSource: source,
});

describe('the judge’s validate.h', () => {
  let judge: Judge;
  beforeAll(() => {
    judge = newJudge();
  });
  afterAll(async () => {
    await judge.close();
    expect(await expectHostClean(testConfig())).toEqual([]);
  });

  it('compiles C and C++ checkers that include it, with its meaning', async () => {
    for (const [language, source] of [
      ['c', cChecker],
      ['cpp', cppChecker],
    ] as const) {
      const right = await judge.judge(plain(language, source, 'print(42)\n'));
      expect(right.verdict, JSON.stringify(right)).toBe('Accepted');
      const wrong = await judge.judge(plain(language, source, 'print(41)\n'));
      expect(wrong.tests[0]).toMatchObject({
        verdict: 'Wrong Answer',
        judgeMessage: '41 is not 42',
      });
      const none = await judge.judge(plain(language, source, 'pass\n'));
      expect(none.tests[0]).toMatchObject({
        verdict: 'Wrong Answer',
        judgeMessage: 'no number in the output',
      });
      // judge_error: the test's answer is broken, which is the judge's fault, not the student's.
      const broken = await judge.judge(plain(language, source, 'print(42)\n', 'x\n'));
      expect(broken.verdict).toBe('Internal Error');
      expect(broken.internalMessage).toContain('the answer file');
    }
  });

  it('judges every labelled submission of the switches package as its label says', async () => {
    const labelled: [string, JudgeLanguage, Verdict, number?][] = [
      ['submissions/accepted/bisect.py', 'python', 'Accepted'],
      ['submissions/accepted/bisect.cpp', 'cpp', 'Accepted'],
      ['submissions/wrong_answer/linear.py', 'python', 'Wrong Answer'],
      ['submissions/wrong_answer/off_by_one.c', 'c', 'Wrong Answer'],
      ['submissions/no_output/silent.c', 'c', 'Wrong Answer'],
      ['submissions/mixed/guess_once.py', 'python', 'Wrong Answer'],
      ['submissions/run_time_error/crash.py', 'python', 'Runtime Error'],
      ['submissions/run_time_error/null.cpp', 'cpp', 'Runtime Error'],
      ['submissions/compiler_error/typo.cpp', 'cpp', 'Compilation Error'],
      // One test each: they run to the limit on every test.
      ['submissions/time_limit_exceeded/spin.cpp', 'cpp', 'Time Limit Exceeded', 1],
      ['submissions/time_limit_exceeded/waits.py', 'python', 'Time Limit Exceeded', 1],
    ];
    const judged = [];
    for (const [file, language, , only] of labelled)
      judged.push({ file, result: await judge.judge(interactive(language, read(file), only)) });
    expect(judged.map(({ file, result }) => [file, result.verdict])).toEqual(
      labelled.map(([file, , verdict]) => [file, verdict]),
    );
    const accepted = judged[0]?.result;
    expect(accepted?.tests[2]?.judgeMessage).toMatch(/^row 1: found in \d+ questions/u);
    const linear = judged[2]?.result;
    expect(linear?.tests.map((t) => t.verdict)).toEqual([
      'Accepted',
      'Accepted',
      'Wrong Answer',
      'Accepted',
      'Wrong Answer',
    ]);
    expect(linear?.tests[2]?.judgeMessage).toBe('row 1: more than 30 questions');
    expect(judged[4]?.result.tests[0]?.judgeMessage).toBe(
      'row 1: the program stopped after 0 questions',
    );
  });
});
