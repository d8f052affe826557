import { render, screen } from '@testing-library/react';
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
