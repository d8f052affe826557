import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes.ts';

describe('what the audit log keeps of an input', () => {
  it('keeps plain fields and marks every secret', () => {
    const kept = auditChanges({
      title: 'Midterm',
      durationMinutes: 90,
      password: 'hunter22',
      sittingPassword: 'exam-pw',
      token: 'abc',
      nested: { apiKey: 'k', ok: true },
    });
    expect(kept).toEqual({
      title: 'Midterm',
      durationMinutes: 90,
      password: '(not recorded)',
      sittingPassword: '(not recorded)',
      token: '(not recorded)',
      nested: { apiKey: '(not recorded)', ok: true },
    });
    expect(JSON.stringify(kept)).not.toMatch(/hunter22|exam-pw|"abc"/);
  });

  it('keeps tests by their hash and size, never their contents', () => {
    const kept = auditChanges({ testCases: [{ input: 'secret-in', output: 'secret-out' }] });
    expect(kept.testCases).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: 45 });
    expect(JSON.stringify(kept)).not.toContain('secret-in');
  });

  it('shortens long texts to their start, length and hash', () => {
    const statement = 'x'.repeat(1000);
    const kept = auditChanges({ challengeDesc: statement }).challengeDesc as { length: number };
    expect(kept).toMatchObject({ length: 1000, start: 'x'.repeat(200) });
  });

  it('keeps nothing of no input', () => {
    expect(auditChanges(undefined)).toEqual({});
    expect(auditChanges('text')).toEqual({});
  });
});
