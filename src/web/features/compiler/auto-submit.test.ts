import { describe, expect, it } from 'vitest';
import { autoSubmitDone, autoSubmitDue, markAutoSubmitted } from './auto-submit.ts';

const deadline = Date.parse('2026-11-22T10:00:00Z');
const base = { deadline, graceSeconds: 30, code: 'print(1)', alreadyDone: false };

describe('autoSubmitDue', () => {
  it('submits from the deadline until the grace runs out', () => {
    expect(autoSubmitDue({ ...base, now: deadline - 1 })).toBe(false);
    expect(autoSubmitDue({ ...base, now: deadline })).toBe(true);
    expect(autoSubmitDue({ ...base, now: deadline + 30_000 })).toBe(true);
    expect(autoSubmitDue({ ...base, now: deadline + 30_001 })).toBe(false);
  });

  it('submits once, and never an empty draft', () => {
    expect(autoSubmitDue({ ...base, now: deadline, alreadyDone: true })).toBe(false);
    expect(autoSubmitDue({ ...base, now: deadline, code: '  \n' })).toBe(false);
  });
});

describe('the auto-submitted flag', () => {
  it('is kept per student and challenge', () => {
    expect(autoSubmitDone('u1', 'C-1')).toBe(false);
    markAutoSubmitted('u1', 'C-1');
    expect(autoSubmitDone('u1', 'C-1')).toBe(true);
    expect(autoSubmitDone('u2', 'C-1')).toBe(false);
    expect(autoSubmitDone('u1', 'C-2')).toBe(false);
  });
});
