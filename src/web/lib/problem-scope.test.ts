import { describe, expect, it } from 'vitest';
import { idbSet } from './idb.ts';
import { draftKey, draftedScopes, problemScope, queueKey, queuedScopes } from './problem-scope.ts';

describe('problem scopes', () => {
  it('keeps the keys a challenge sat alone always had, and gives an exam problem its own', () => {
    expect(problemScope('SUM-1')).toBe('SUM-1');
    expect(problemScope('SUM-1', '')).toBe('SUM-1');
    expect(problemScope('SUM-1', 'Midterm-A')).toBe('exam:midterm-a/SUM-1');
    // Codes are matched without regard to case or spaces: so are the keys.
    expect(problemScope('SUM-1', ' MIDTERM-a ')).toBe(problemScope('SUM-1', 'midterm-A'));
    expect(problemScope('SUM-1', 'E1')).not.toBe(problemScope('SUM-1', 'E2'));
  });

  it('finds the problems with a draft in either copy and in any language', async () => {
    const exam = (id: string) => problemScope(id, 'E1');
    localStorage.setItem(draftKey('u1', exam('A')), '{"code":"x","savedAt":1}');
    await idbSet(draftKey('u1', `${exam('B')}:java`), { code: 'y', savedAt: 1 });
    // Another student's draft, the same challenge sat alone, and another exam do not count.
    localStorage.setItem(draftKey('u2', exam('C')), '{}');
    localStorage.setItem(draftKey('u1', 'C'), '{}');
    localStorage.setItem(draftKey('u1', problemScope('C', 'E2')), '{}');
    // A challenge whose id starts like another's is another problem.
    localStorage.setItem(draftKey('u1', `${exam('D')}X`), '{}');
    const found = await draftedScopes('u1', ['A', 'B', 'C', 'D'].map(exam));
    expect([...found].sort()).toEqual([exam('A'), exam('B')]);
  });

  it('finds the problems with submissions waiting for the network', () => {
    const exam = (id: string) => problemScope(id, 'E1');
    localStorage.setItem(queueKey('u1', exam('A')), JSON.stringify([{ submissionId: 'x' }]));
    localStorage.setItem(queueKey('u1', exam('B')), '[]');
    localStorage.setItem(queueKey('u2', exam('C')), JSON.stringify([{ submissionId: 'y' }]));
    expect([...queuedScopes('u1', ['A', 'B', 'C'].map(exam))]).toEqual([exam('A')]);
  });
});
