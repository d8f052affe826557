import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import { ChallengeFields } from './challenge-fields.tsx';
import { fieldsTestProps } from './fields-test-props.tsx';
import {
  checkChallengeValues,
  emptyChallengeValues,
  newTestCase,
  newTestGroup,
  toChallengeInput,
  type ChallengeFormValues,
} from './challenge-form-values.ts';

let latest: ChallengeFormValues = emptyChallengeValues();

function Form({ initial }: { initial: ChallengeFormValues }) {
  const [values, setValues] = useState(initial);
  return (
    <ChallengeFields
      values={values}
      token="t"
      {...fieldsTestProps}
      onChange={(next) => {
        latest = next;
        setValues(next);
      }}
    />
  );
}

const filled = (): ChallengeFormValues => ({
  ...emptyChallengeValues(),
  challengeName: 'Doubles',
  challengeDesc: 'Print twice the number',
  difficultyLev: 'easy',
  score: '10',
  startDate: '2026-11-01',
  endDate: '2026-11-02',
  timeDur: '30',
  challengeId: 'DBL-1',
  language: 'python',
  tags: 'math',
  testCases: [newTestCase(false), newTestCase(true)],
});

describe('the test groups of the challenge form', () => {
  it('defines a group with its scoring and puts a hidden test in it, by keyboard', async () => {
    const user = userEvent.setup();
    latest = filled();
    render(<Form initial={latest} />);
    // Only the hidden test has a Group field; samples are always the sample group.
    expect(screen.getAllByLabelText(messages.testGroupField)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: messages.addTestGroup }));
    await user.type(screen.getByLabelText(`${messages.testGroupName} 1`), 'small');
    const scoring = screen.getByLabelText(`${messages.testGroupScoring} 1`) as HTMLSelectElement;
    expect(scoring.value).toBe('all');
    await user.type(screen.getByLabelText(messages.testGroupField), 'small');
    expect(toChallengeInput(latest)).toMatchObject({
      testGroups: [{ name: 'small', scoring: 'all' }],
      testCases: [{ hidden: false }, { hidden: true, group: 'small' }],
    });
    expect(checkChallengeValues(latest)).toBeUndefined();

    await user.selectOptions(scoring, messages.groupScoringSum);
    expect(toChallengeInput(latest).testGroups).toEqual([{ name: 'small', scoring: 'sum' }]);

    // Removing the group leaves the test naming a group that is not defined: said before saving.
    await user.click(screen.getByRole('button', { name: `${messages.removeTestGroup}: small` }));
    expect(checkChallengeValues(latest)).toBe(
      messages.testGroupUnknown.replace('{test}', '2').replace('{group}', 'small'),
    );
  });

  it("shows an imported group's own checker arguments, and keeps them when the group is renamed", async () => {
    const user = userEvent.setup();
    latest = {
      ...filled(),
      testGroups: [
        { ...newTestGroup('g1', 'sum'), checkerArgs: ['tolerance', '5'] },
        { ...newTestGroup('g2', 'sum'), checkerArgs: [] },
      ],
    };
    render(<Form initial={latest} />);
    expect(
      screen.getByText(messages.testGroupCheckerArgs.replace('{args}', 'tolerance 5')),
    ).toBeTruthy();
    expect(screen.getByText(messages.testGroupCheckerArgsNone)).toBeTruthy();
    await user.type(screen.getByLabelText(`${messages.testGroupName} 1`), 'x');
    expect(toChallengeInput(latest).testGroups).toEqual([
      { name: 'g1x', scoring: 'sum', checkerArgs: ['tolerance', '5'] },
      { name: 'g2', scoring: 'sum', checkerArgs: [] },
    ]);
  });

  it('lets a test weigh 0', async () => {
    const user = userEvent.setup();
    latest = filled();
    render(<Form initial={latest} />);
    const weight = screen.getAllByLabelText(messages.testWeight)[0] as HTMLInputElement;
    await user.clear(weight);
    await user.type(weight, '0');
    expect(checkChallengeValues(latest)).toBeUndefined();
    expect(toChallengeInput(latest).testCases?.[0]?.weight).toBe(0);
  });
});
