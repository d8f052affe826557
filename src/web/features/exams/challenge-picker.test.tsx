import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChallengeSummary } from '../../../contract/challenges.ts';
import { ChallengePicker, matchChallenges } from './challenge-picker.tsx';
import { newSlot } from './slot-editing.ts';

const challenge = (challengeId: string, challengeName: string) =>
  ({ challengeId, challengeName, score: 100 }) as ChallengeSummary;
const all = [
  challenge('SUM-1', 'Sum of two'),
  challenge('MAX-3', 'Largest of three'),
  challenge('MIN-3', 'Smallest of three'),
  challenge('ASUM', 'A sum again'),
];

describe('the challenge picker', () => {
  it('matches every word in the code or name, codes that start with it first', () => {
    expect(matchChallenges(all, '')).toEqual([]);
    expect(matchChallenges(all, 'three').map((c) => c.challengeId)).toEqual(['MAX-3', 'MIN-3']);
    expect(matchChallenges(all, 'SUM').map((c) => c.challengeId)).toEqual(['SUM-1', 'ASUM']);
    expect(matchChallenges(all, 'small three').map((c) => c.challengeId)).toEqual(['MIN-3']);
  });

  it('adds a match to its problem, and says where one already in the exam is', async () => {
    const onAdd = vi.fn();
    const user = userEvent.setup();
    render(
      <ChallengePicker
        index={1}
        slots={[newSlot('10', ['MAX-3']), newSlot('10')]}
        challenges={all}
        onAdd={onAdd}
      />,
    );
    const search = screen.getByLabelText('Find a challenge for problem 2');
    await user.type(search, 'three');
    expect(screen.getByText('in problem 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add MAX-3 to problem 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add MIN-3 to problem 2' }));
    expect(onAdd).toHaveBeenCalledWith('MIN-3');
    // Emptied and still focused, for the next one of a pool.
    expect((search as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(search);
    // Enter adds the one match instead of sending the form.
    await user.type(search, 'sum of{Enter}');
    expect(onAdd).toHaveBeenLastCalledWith('SUM-1');
  });
});
