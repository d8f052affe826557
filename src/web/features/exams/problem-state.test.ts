import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import { problemStateLabel, problemStatus, totalLabel } from './problem-state.ts';

const fresh = { state: 'not-opened' as const, submissionCount: 0 };
const none = { drafted: false, openedHere: false };

describe('problem states on the exam screen', () => {
  it('goes from not opened to opened, draft saved and submitted', () => {
    expect(problemStatus(fresh, none)).toBe('not-opened');
    expect(problemStatus(fresh, { ...none, openedHere: true })).toBe('opened');
    expect(problemStatus({ ...fresh, state: 'opened' }, none)).toBe('opened');
    expect(problemStatus({ ...fresh, state: 'opened' }, { ...none, drafted: true })).toBe('draft');
    expect(
      problemStatus({ state: 'submitted', submissionCount: 1 }, { ...none, drafted: true }),
    ).toBe('submitted');
    // The count is what the server stored, whatever the state says.
    expect(problemStatus({ state: 'opened', submissionCount: 2 }, none)).toBe('submitted');
    // A submission made offline is said until it is sent, whatever else is known.
    const queued = { drafted: true, openedHere: true, queued: true };
    expect(problemStatus({ state: 'submitted', submissionCount: 1 }, queued)).toBe('queued');
  });

  it('says each state, with the score when the server gives one', () => {
    const problem = { score: null, points: 50 };
    expect(problemStateLabel('not-opened', problem)).toBe(messages.stateNotOpened);
    expect(problemStateLabel('opened', problem)).toBe(messages.stateOpened);
    expect(problemStateLabel('draft', problem)).toBe('Draft saved');
    expect(problemStateLabel('submitted', problem)).toBe('Submitted');
    expect(problemStateLabel('queued', problem)).toBe('Submission waiting for the network');
    expect(problemStateLabel('submitted', { score: 33.333, points: 50 })).toBe(
      'Submitted · 33.3 / 50',
    );
    expect(problemStateLabel('submitted', { score: 0, points: 50 })).toBe('Submitted · 0 / 50');
  });

  it('shows the total out of the exam’s points, a dash until there is one', () => {
    expect(totalLabel(null, 150)).toBe('— / 150');
    expect(totalLabel(72.25, 150)).toBe('72.3 / 150');
  });
});
