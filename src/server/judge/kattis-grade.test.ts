import { describe, expect, it } from 'vitest';
import {
  KATTIS_NODE_DEFAULTS,
  type KattisGrading,
  type KattisNode,
} from '../../contract/kattis-grading.ts';
import type { Verdict } from '../../contract/verdicts.ts';
import { kattisGrade, kattisStillJudged, type GradedTest } from './kattis-grade.ts';

const node = (over: Partial<KattisNode> = {}): KattisNode => ({ ...KATTIS_NODE_DEFAULTS, ...over });

/** problemtools' oddecho: samples ignored, two all-or-nothing subtasks of 50 points. */
const oddecho: KattisGrading = {
  root: node({ ignoreSample: true, onReject: 'continue' }),
  // Inherited from the root, as problemtools' configuration does: it must not drop samples.
  sample: node({ ignoreSample: true, onReject: 'continue', acceptScore: 0 }),
  secret: node({ verdict: 'first_error', acceptIfAnyAccepted: true, onReject: 'continue' }),
  groups: {
    subtask1: node({ aggregate: 'min', acceptScore: 50 }),
    subtask2: node({ aggregate: 'min', acceptScore: 50 }),
  },
};

const tests = (...spec: [string, Verdict][]): GradedTest[] =>
  spec.map(([group, verdict]) => ({ group, verdict }));

describe('kattisGrade (problemtools default grader)', () => {
  it('scores oddecho as Kattis does: the first subtask alone is 50 of 100, and Accepted', () => {
    const r = kattisGrade(
      tests(
        ['sample', 'Accepted'],
        ['sample', 'Wrong Answer'],
        ['subtask1', 'Accepted'],
        ['subtask1', 'Accepted'],
        ['subtask2', 'Accepted'],
        ['subtask2', 'Wrong Answer'],
        ['subtask2', 'Skipped'],
      ),
      oddecho,
    );
    expect(r).toMatchObject({ verdict: 'Accepted', score: 50, maxScore: 100 });
    expect(r.groups.get('subtask1')).toEqual({ score: 50, maxScore: 50 });
    expect(r.groups.get('subtask2')).toEqual({ score: 0, maxScore: 50 });
    expect(r.groups.get('sample')).toEqual({ score: 0, maxScore: 0 });
  });

  it('takes the worst error by default and the first with first_error', () => {
    const run = tests(['secret', 'Wrong Answer'], ['secret', 'Runtime Error']);
    const grading = (secret: KattisNode): KattisGrading => ({
      root: node(),
      sample: node(),
      secret,
      groups: {},
    });
    const cont = { onReject: 'continue' } as const;
    expect(kattisGrade(run, grading(node(cont))).verdict).toBe('Runtime Error');
    expect(kattisGrade(run, grading(node({ ...cont, verdict: 'first_error' }))).verdict).toBe(
      'Wrong Answer',
    );
    expect(kattisGrade(run, grading(node({ ...cont, verdict: 'always_accept' }))).verdict).toBe(
      'Accepted',
    );
  });

  it('sums, takes the least, the most or the mean, with reject_score for a rejection', () => {
    const run = tests(['g', 'Accepted'], ['g', 'Wrong Answer'], ['g', 'Accepted']);
    const score = (g: Partial<KattisNode>) =>
      kattisGrade(run, {
        root: node(),
        sample: node(),
        secret: node(),
        groups: { g: node({ onReject: 'continue', acceptScore: 4, rejectScore: 1, ...g }) },
      }).score;
    expect(score({ aggregate: 'sum' })).toBe(9);
    expect(score({ aggregate: 'min' })).toBe(1);
    expect(score({ aggregate: 'max' })).toBe(4);
    expect(score({ aggregate: 'avg' })).toBe(3);
    // on_reject: break counts the tests up to the first rejection only.
    expect(score({ aggregate: 'sum', onReject: 'break' })).toBe(5);
  });

  it('gives a checker share of accept_score', () => {
    const r = kattisGrade([{ group: 'g', verdict: 'Accepted', fraction: 0.5 }], {
      root: node(),
      sample: node(),
      secret: node(),
      groups: { g: node({ acceptScore: 10 }) },
    });
    expect(r).toMatchObject({ score: 5, maxScore: 10 });
  });

  it('without ignore_sample, a failed sample decides the verdict and, with break, stops there', () => {
    const grading: KattisGrading = { root: node(), sample: node(), secret: node(), groups: {} };
    const run = tests(['sample', 'Wrong Answer'], ['secret', 'Skipped']);
    expect(kattisGrade(run, grading)).toMatchObject({ verdict: 'Wrong Answer', score: 0 });
    const groups = run.map((t) => t.group);
    expect(kattisStillJudged(groups, 1, run.slice(0, 1), grading)).toBe(false);
    const ignored = { ...grading, root: node({ ignoreSample: true, onReject: 'continue' }) };
    expect(kattisStillJudged(groups, 1, run.slice(0, 1), ignored)).toBe(true);
    expect(
      kattisGrade(tests(['sample', 'Wrong Answer'], ['secret', 'Accepted']), ignored),
    ).toMatchObject({ verdict: 'Accepted', score: 1, maxScore: 1 });
  });

  it('accepts a group when any child is accepted with accept_if_any_accepted', () => {
    const r = kattisGrade(tests(['g', 'Wrong Answer'], ['g', 'Accepted']), {
      root: node(),
      sample: node(),
      secret: node(),
      groups: { g: node({ onReject: 'continue', acceptIfAnyAccepted: true }) },
    });
    expect(r.verdict).toBe('Accepted');
  });
});

describe('kattisStillJudged', () => {
  const groups = ['sample', 'subtask1', 'subtask1', 'subtask2', 'subtask2'];
  it('stops a breaking group at its first rejection, and goes on in the next group', () => {
    const before = tests(['sample', 'Accepted'], ['subtask1', 'Wrong Answer']);
    expect(kattisStillJudged(groups, 2, before, oddecho)).toBe(false);
    expect(
      kattisStillJudged(groups, 3, [...before, { group: 'subtask1', verdict: 'Skipped' }], oddecho),
    ).toBe(true);
  });
  it('stops a breaking secret after a rejected group', () => {
    const breaking = { ...oddecho, secret: node() };
    const before = tests(
      ['sample', 'Accepted'],
      ['subtask1', 'Wrong Answer'],
      ['subtask1', 'Skipped'],
    );
    expect(kattisStillJudged(groups, 3, before, breaking)).toBe(false);
    const passed = tests(
      ['sample', 'Accepted'],
      ['subtask1', 'Accepted'],
      ['subtask1', 'Accepted'],
    );
    expect(kattisStillJudged(groups, 3, passed, breaking)).toBe(true);
  });
});
