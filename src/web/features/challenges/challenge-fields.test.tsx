import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import { ChallengeFields } from './challenge-fields.tsx';
import { fieldsTestProps } from './fields-test-props.tsx';
import { emptyChallengeValues, type ChallengeFormValues } from './challenge-form-values.ts';

function Form({ initial }: { initial: ChallengeFormValues }) {
  const [values, setValues] = useState(initial);
  return <ChallengeFields values={values} onChange={setValues} token="t" {...fieldsTestProps} />;
}

/** The time limit input's accessible description (its hint, wired by aria-describedby). */
const description = () => {
  const input = screen.getByLabelText(messages.fieldTimeLimit);
  return (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/u)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
};

describe('the worst case in the challenge form', () => {
  it('describes the time limit and follows the language, the limit and the tests', async () => {
    const user = userEvent.setup();
    render(<Form initial={{ ...emptyChallengeValues(), language: 'python' }} />);
    expect(description()).toBe('Worst case per submission: compile 5 s + 1 test × 3 s = 8 s');

    const limit = screen.getByLabelText(messages.fieldTimeLimit);
    await user.clear(limit);
    await user.type(limit, '1.4');
    expect(description()).toBe('Worst case per submission: compile 5 s + 1 test × 2.4 s = 8 s');

    await user.click(screen.getByRole('button', { name: messages.addTestCaseButton }));
    expect(description()).toBe('Worst case per submission: compile 5 s + 2 tests × 2.4 s = 10 s');
  });

  it('shows nothing while no language is chosen', () => {
    render(<Form initial={emptyChallengeValues()} />);
    expect(description()).toBe('');
  });
});

describe('the time beside each date', () => {
  /** The accessible description of a field (its hint, wired by aria-describedby). */
  const hintOf = (label: string) =>
    (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
      .split(/\s+/u)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();

  it('are labelled time inputs holding the whole days by default, with the time zone', () => {
    render(
      <ChallengeFields
        values={emptyChallengeValues()}
        onChange={() => {}}
        token="t"
        timeZone="Europe/Berlin"
        {...fieldsTestProps}
      />,
    );
    const start = screen.getByLabelText<HTMLInputElement>(messages.fieldStartTime);
    const end = screen.getByLabelText<HTMLInputElement>(messages.fieldEndTime);
    expect([start.type, start.value, end.type, end.value]).toEqual([
      'time',
      '00:00',
      'time',
      '23:59',
    ]);
    expect(hintOf(messages.fieldStartTime)).toBe('Time zone: Europe/Berlin');
    expect(hintOf(messages.fieldEndTime)).toBe(`Time zone: Europe/Berlin. ${messages.endTimeHint}`);
    // The spec's two date fields are still there, as they were.
    expect(screen.getByLabelText<HTMLInputElement>(/^Start date/u).type).toBe('date');
    expect(screen.getByLabelText<HTMLInputElement>(/^End date/u).type).toBe('date');
  });

  it("say the portal's time zone when no answer has named it yet", () => {
    render(<Form initial={emptyChallengeValues()} />);
    expect(hintOf(messages.fieldStartTime)).toBe(messages.timeZoneHintUnknown);
  });

  it('hand a typed time to the form values', async () => {
    const seen: ChallengeFormValues[] = [];
    function Watched() {
      const [values, setValues] = useState(emptyChallengeValues);
      return (
        <ChallengeFields
          values={values}
          onChange={(next) => {
            seen.push(next);
            setValues(next);
          }}
          token="t"
          {...fieldsTestProps}
        />
      );
    }
    render(<Watched />);
    const start = screen.getByLabelText(messages.fieldStartTime);
    // jsdom's time input takes a whole value at once, as a browser's picker sets it.
    fireEvent.change(start, { target: { value: '09:30' } });
    fireEvent.change(screen.getByLabelText(messages.fieldEndTime), { target: { value: '11:45' } });
    expect(seen.at(-1)).toMatchObject({ startTime: '09:30', endTime: '11:45' });
    expect(screen.getByLabelText<HTMLInputElement>(messages.fieldStartTime).value).toBe('09:30');
  });
});
