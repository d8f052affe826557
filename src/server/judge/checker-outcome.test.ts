import { describe, expect, it } from 'vitest';
import { checkerOutcome } from './checker-outcome.ts';

const ran = (
  exitCode: number | null,
  extra: Partial<Parameters<typeof checkerOutcome>[0]> = {},
) => ({
  setupError: null,
  wallTimedOut: false,
  signal: null,
  oomKilled: false,
  outputExceeded: false,
  exitCode,
  stderr: '',
  ...extra,
});

describe('checkerOutcome (Kattis output validator interface)', () => {
  it('accepts on exit 42 with full points, and rejects on 43', () => {
    expect(checkerOutcome(ran(42), {})).toEqual({ verdict: 'Accepted', fraction: 1 });
    expect(checkerOutcome(ran(43), {})).toEqual({ verdict: 'Wrong Answer', fraction: 0 });
  });

  it('gives the share of points score.txt names, and keeps judgemessage.txt', () => {
    expect(checkerOutcome(ran(42), { score: '0.25\n', judgeMessage: ' off by one \n' })).toEqual({
      verdict: 'Accepted',
      fraction: 0.25,
      judgeMessage: 'off by one',
    });
    expect(checkerOutcome(ran(42), { score: '0' })).toEqual({ verdict: 'Accepted', fraction: 0 });
    expect(checkerOutcome(ran(43), { score: '1', judgeMessage: 'wrong' })).toEqual({
      verdict: 'Wrong Answer',
      fraction: 0,
      judgeMessage: 'wrong',
    });
  });

  it('treats a score outside 0..1 or not a number as the checker failing', () => {
    for (const score of ['1.5', '-0.1', 'abc', '', 'NaN', 'Infinity'])
      expect(checkerOutcome(ran(42), { score })).toHaveProperty('error');
  });

  it('never turns a failing checker into the student’s Wrong Answer', () => {
    expect(checkerOutcome(ran(0), {})).toEqual({
      error: 'the checker program exited with 0 (42 accepts, 43 rejects)',
    });
    expect(checkerOutcome(ran(1, { stderr: 'Traceback: boom\n' }), {})).toEqual({
      error: 'the checker program exited with 1 (42 accepts, 43 rejects): Traceback: boom',
    });
    expect(checkerOutcome(ran(null, { signal: 'SIGSEGV' }), {})).toHaveProperty(
      'error',
      'the checker program was killed by SIGSEGV',
    );
    expect(checkerOutcome(ran(null, { wallTimedOut: true }), {})).toHaveProperty(
      'error',
      'the checker program took too long',
    );
    expect(checkerOutcome(ran(137, { oomKilled: true }), {})).toHaveProperty(
      'error',
      'the checker program ran out of memory',
    );
    // With its limits known, the teacher reads which one it ran into.
    const limits = { cpuMs: 2500, wallMs: 3000, memoryMb: 512, processes: 32 };
    expect(checkerOutcome(ran(null, { signal: 'SIGXCPU' }), {}, limits)).toHaveProperty(
      'error',
      'the checker program took too long (its limits: 2.5 s of CPU, stopped after 3 s; 32 processes)',
    );
    expect(checkerOutcome(ran(137, { oomKilled: true }), {}, limits)).toHaveProperty(
      'error',
      'the checker program ran out of memory (its limit: 512 MB)',
    );
    // A box that could not start is the judge's fault, not the checker's: tried again.
    expect(checkerOutcome(ran(null, { setupError: 'bwrap failed' }), {})).toEqual({
      error: 'the checker program could not start: bwrap failed',
      setup: true,
    });
    expect(checkerOutcome(ran(null, { wallTimedOut: true }), {})).not.toHaveProperty('setup');
  });
});
