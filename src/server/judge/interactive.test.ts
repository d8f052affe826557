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

  it('lets the interactor decide when the program only wrote to it after it had left (SIGPIPE)', () => {
    // As problemtools: a broken pipe after the interactor's end is no failure of the program.
    const pipe = { interactorFirst: true, submissionPipe: true } as const;
    expect(interactiveVerdict(end({ ...pipe, submissionFailure: 'Runtime Error' }))).toEqual({
      verdict: 'Accepted',
    });
    expect(
      interactiveVerdict(end({ ...pipe, outcome: rejected, submissionFailure: 'Runtime Error' })),
    ).toMatchObject({ verdict: 'Wrong Answer' });
    // A pipe of its own that it broke before the interactor ended is its own failure.
    expect(
      interactiveVerdict(
        end({ submissionPipe: true, outcome: rejected, submissionFailure: 'Runtime Error' }),
      ),
    ).toMatchObject({ verdict: 'Runtime Error' });
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
