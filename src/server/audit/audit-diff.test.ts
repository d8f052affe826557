import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff.ts';

describe('which fields a call changed, from what to what', () => {
  const before = {
    challengeName: 'Sums',
    score: 100,
    languages: ['python', 'c'],
    compare: { mode: 'tokens', caseSensitive: true },
    challengeDesc: 'x'.repeat(300),
  };

  it('keeps the fields set to something else, from and to, and drops the unchanged ones', () => {
    const changes = auditDiff(before, {
      challengeName: 'Sums of squares',
      score: 100,
      languages: ['python', 'c'],
      // The same rule with its keys in another order is no change.
      compare: { caseSensitive: true, mode: 'tokens' },
      challengeDesc: 'x'.repeat(300),
    });
    expect(changes).toEqual({ challengeName: { from: 'Sums', to: 'Sums of squares' } });
  });

  it('keeps only `to` for a field the stored target does not show, and skips ignored ones', () => {
    const changes = auditDiff(
      before,
      { score: 50, extra: 'new', courseId: 'c-1' },
      {
        ignored: ['courseId'],
      },
    );
    expect(changes).toEqual({ score: { from: 100, to: 50 }, extra: { to: 'new' } });
  });

  it('never keeps a secret, on either side', () => {
    const changes = auditDiff(
      { password: 'old-secret', sebConfigKey: 'old-key' },
      { password: 'new-secret', sebConfigKey: 'new-key', nested: { token: 'tok-1' } },
    );
    expect(changes).toEqual({
      password: { to: '(not recorded)' },
      sebConfigKey: { to: '(not recorded)' },
      nested: { to: { token: '(not recorded)' } },
    });
    expect(JSON.stringify(changes)).not.toMatch(/secret|old-key|new-key|tok-1/);
  });

  it('compares tests by hash after normalising, and keeps neither side’s contents', () => {
    const stored = [{ input: 'in-1', expectedOutput: 'out-1', hidden: true, weight: 1 }];
    const normalise = {
      testCases: (v: unknown) =>
        (v as { input: string; expectedOutput: string }[]).map((t) => [t.input, t.expectedOutput]),
    };
    // Sent back as loaded, with an extra key: no change.
    const same = [
      { hidden: true, weight: 1, input: 'in-1', expectedOutput: 'out-1', group: undefined },
    ];
    expect(auditDiff({ testCases: stored }, { testCases: same }, { normalise })).toEqual({});
    const changed = auditDiff(
      { testCases: stored },
      { testCases: [{ ...stored[0], expectedOutput: 'out-2' }] },
      { normalise },
    );
    expect(changed.testCases).toEqual({
      from: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: expect.any(Number) },
      to: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: expect.any(Number) },
    });
    expect(JSON.stringify(changed)).not.toMatch(/in-1|out-1|out-2/);
  });

  it('records a null before as from null (a member joining a course)', () => {
    expect(auditDiff({ role: null }, { role: 'teacher' })).toEqual({
      role: { from: null, to: 'teacher' },
    });
  });

  it('keeps nothing of no input', () => {
    expect(auditDiff(before, undefined)).toEqual({});
  });
});
