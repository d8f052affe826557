// Test groups in real boxes (issue 14 item 5): an all-or-nothing group stops at its first failure
// (the rest is Skipped, never run), a summing group runs every test, samples may weigh 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Judge } from '../../src/server/judge/judge.ts';
import { KATTIS_NODE_DEFAULTS, type KattisNode } from '../../src/contract/kattis-grading.ts';
import type { JudgeRequest } from '../../src/server/judge/types.ts';
import { expectHostClean, newJudge, testConfig } from './helpers.ts';

/** Doubles its input, but is wrong from 100 on, and loops forever on 999. */
const CODE = `n = int(input())
while n == 999:
    pass
print(n * 2 if n < 100 else 0)
`;

const test = (n: number, group?: string, weight = 1) => ({
  input: `${n}\n`,
  expectedOutput: `${n * 2}\n`,
  hidden: group !== undefined,
  weight,
  ...(group ? { group } : {}),
});

const request: JudgeRequest = {
  language: 'python',
  code: CODE,
  tests: [
    test(1, undefined, 0),
    test(2, 'small'),
    test(3, 'small'),
    test(100, 'large'),
    // Never run: the first failure of the all-or-nothing group ends it.
    test(999, 'large'),
    test(5, 'large'),
    test(200, 'mixed'),
    test(6, 'mixed'),
  ],
  score: 60,
  timeLimitMs: 1000,
  memoryLimitMb: 128,
  groups: [
    { name: 'small', scoring: 'all' },
    { name: 'large', scoring: 'all' },
  ],
};

describe('test groups', () => {
  let judge: Judge;
  beforeAll(() => {
    judge = newJudge();
  });
  afterAll(async () => {
    await judge.close();
    expect(await expectHostClean(testConfig())).toEqual([]);
  });

  it('stops an all-or-nothing group at its first failure and scores groups', async () => {
    const r = await judge.judge(request);
    expect(r.tests.map((t) => [t.group, t.verdict])).toEqual([
      ['sample', 'Accepted'],
      ['small', 'Accepted'],
      ['small', 'Accepted'],
      ['large', 'Wrong Answer'],
      ['large', 'Skipped'],
      ['large', 'Skipped'],
      ['mixed', 'Wrong Answer'],
      ['mixed', 'Accepted'],
    ]);
    // small (2 of 7 weight) and half of mixed (1 of 7): 3/7 of 60.
    expect(r).toMatchObject({ verdict: 'Wrong Answer', passed: 4, score: 25.71 });
    // The endless test never ran.
    expect(r.tests[4]).toMatchObject({ wallMs: 0, timeMs: 0, memoryBytes: null });
  });

  it("judges a Kattis scoring problem's tree: what runs, the verdict and the score (issue 35)", async () => {
    const node = (over: Partial<KattisNode> = {}): KattisNode => ({
      ...KATTIS_NODE_DEFAULTS,
      ...over,
    });
    const group = node({ aggregate: 'min', acceptScore: 30 });
    const r = await judge.judge({
      ...request,
      tests: [test(1), test(2, 'small'), test(100, 'large'), test(999, 'large'), test(3, 'last')],
      groups: [],
      // A secret that breaks after its first rejected group: the last group never runs either.
      grading: {
        root: node({ ignoreSample: true, onReject: 'continue' }),
        sample: node({ acceptScore: 0 }),
        secret: node({ acceptIfAnyAccepted: true }),
        groups: { small: group, large: group, last: group },
      },
    });
    expect(r.tests.map((t) => [t.group, t.verdict])).toEqual([
      ['sample', 'Accepted'],
      ['small', 'Accepted'],
      ['large', 'Wrong Answer'],
      ['large', 'Skipped'],
      ['last', 'Skipped'],
    ]);
    // small's 30 of the 90 the three groups give: a third of 60, Accepted by the secret's flag.
    expect(r).toMatchObject({ verdict: 'Accepted', score: 20 });
  });
});
