import { describe, expect, it } from 'vitest';
import { interactiveVerdict, type PairEnd } from './interactive.ts';

const accepted = { verdict: 'Accepted', fraction: 1 } as const;
const rejected = { verdict: 'Wrong Answer', fraction: 0, judgeMessage: 'no' } as const;
const end = (over: Partial<PairEnd>): PairEnd => ({
  submissionFailure: null,
  interactorFirst: false,
  interactorStopped: false,
  outcome: accepted,
  ...over,
});

describe('who decides an interactive test (the first to fail)', () => {
  it('accepts when the interactor accepts and the program ends well', () => {
    expect(interactiveVerdict(end({}))).toEqual({ verdict: 'Accepted' });
    expect(interactiveVerdict(end({ outcome: { verdict: 'Accepted', fraction: 0.5 } }))).toEqual({
      verdict: 'Accepted',
      fraction: 0.5,
    });
  });

  it('gives Wrong Answer when the interactor rejected first, whatever the program did after', () => {
    expect(
      interactiveVerdict(
        end({ outcome: rejected, interactorFirst: true, submissionFailure: 'Runtime Error' }),
      ),
    ).toEqual({ verdict: 'Wrong Answer', judgeMessage: 'no' });
    expect(interactiveVerdict(end({ outcome: rejected }))).toMatchObject({
      verdict: 'Wrong Answer',
    });
  });

  it("lets a program's own crash decide when both ends came at once, not a pipe or an exit code", () => {
    // ownCrashAtOnce: within TIE_MS, killed by a signal of its own (abort, segfault).
    expect(
      interactiveVerdict(
        end({
          outcome: rejected,
          interactorFirst: true,
          ownCrashAtOnce: true,
          submissionFailure: 'Runtime Error',
        }),
      ),
    ).toMatchObject({ verdict: 'Runtime Error' });
    expect(
      interactiveVerdict(
        end({
          outcome: rejected,
          interactorFirst: true,
          ownCrashAtOnce: false,
          submissionFailure: 'Runtime Error',
        }),
      ),
    ).toMatchObject({ verdict: 'Wrong Answer' });
  });

  it("keeps the program's failure when it came first, whether the interactor then accepts or rejects", () => {
    for (const failure of [
      'Runtime Error',
      'Time Limit Exceeded',
      'Memory Limit Exceeded',
    ] as const) {
      expect(
        interactiveVerdict(end({ outcome: rejected, submissionFailure: failure })),
      ).toMatchObject({
        verdict: failure,
      });
      expect(interactiveVerdict(end({ submissionFailure: failure }))).toMatchObject({
        verdict: failure,
      });
    }
    // A crash after the interactor accepted is still the program's.
    expect(
      interactiveVerdict(end({ interactorFirst: true, submissionFailure: 'Runtime Error' })),
    ).toEqual({ verdict: 'Runtime Error' });
  });

  it('makes a failing interactor a judge error, unless the judge stopped it for the program', () => {
    const broken = { error: 'the checker program exited with 1 (42 accepts, 43 rejects)' };
    expect(
      interactiveVerdict(end({ outcome: broken, submissionFailure: 'Runtime Error' })),
    ).toEqual(broken);
    expect(
      interactiveVerdict(
        end({
          outcome: { error: 'the checker program was killed by SIGKILL' },
          interactorStopped: true,
          submissionFailure: 'Time Limit Exceeded',
        }),
      ),
    ).toEqual({ verdict: 'Time Limit Exceeded' });
  });
});
