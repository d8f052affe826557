import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../../contract/challenges.ts';
import { messages } from '../../../contract/messages.ts';
import { ChallengeFields } from './challenge-fields.tsx';
import { fieldsTestProps } from './fields-test-props.tsx';
import {
  checkChallengeValues,
  emptyChallengeValues,
  toChallengeInput,
  valuesFromChallenge,
  type ChallengeFormValues,
} from './challenge-form-values.ts';

// user-event walks a radio group with CSS.escape, which jsdom lacks; names here are plain words.
if (typeof globalThis.CSS?.escape !== 'function')
  Object.assign(globalThis, { CSS: { escape: (value: string) => value } });

let latest: ChallengeFormValues = emptyChallengeValues();

/** The form as the views hold it; `latest` follows every change for the assertions. */
function Form({ initial }: { initial: ChallengeFormValues }) {
  const [values, setValues] = useState(initial);
  const change = (next: ChallengeFormValues) => {
    latest = next;
    setValues(next);
  };
  return <ChallengeFields values={values} onChange={change} token="t" {...fieldsTestProps} />;
}

const renderForm = (initial: ChallengeFormValues) => {
  latest = initial;
  return render(<Form initial={initial} />);
};

const filled = (): ChallengeFormValues => ({
  ...emptyChallengeValues(),
  challengeName: 'Pi',
  challengeDesc: 'Print pi',
  difficultyLev: 'easy',
  score: '10',
  startDate: '2026-11-01',
  endDate: '2026-11-02',
  timeDur: '30',
  challengeId: 'PI-1',
  language: 'python',
  tags: 'math',
});

const modeGroup = () => screen.getByRole('group', { name: messages.compareModeLabel });
const tolerance = (label: string) => screen.queryByLabelText(label);

describe('the output comparison fieldset', () => {
  it('is a labelled group starting on the default validator without flags', () => {
    renderForm(filled());
    expect(screen.getByRole('group', { name: messages.compareLegend })).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: messages.compareModeDefault }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(modeGroup().querySelectorAll('input[type=radio]')).toHaveLength(3);
    expect(toChallengeInput(latest).compare).toEqual({
      mode: 'default',
      caseSensitive: false,
      spaceChangeSensitive: false,
    });
  });

  it('is used with the keyboard: flags with Space, tolerances typed, exact by arrow key', async () => {
    const user = userEvent.setup();
    renderForm(filled());
    screen.getByRole('checkbox', { name: messages.compareCaseSensitive }).focus();
    await user.keyboard(' ');
    await user.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('checkbox', { name: messages.compareSpaceSensitive }),
    );
    await user.tab();
    await user.keyboard('1e-6');
    await user.tab();
    await user.keyboard('0.001');
    expect(toChallengeInput(latest).compare).toEqual({
      mode: 'default',
      caseSensitive: true,
      spaceChangeSensitive: false,
      floatAbsoluteTolerance: 1e-6,
      floatRelativeTolerance: 0.001,
    });
    expect(checkChallengeValues(latest)).toBeUndefined();

    screen.getByRole('radio', { name: messages.compareModeDefault }).focus();
    await user.keyboard('{ArrowDown}');
    expect(
      (screen.getByRole('radio', { name: messages.compareModeExact }) as HTMLInputElement).checked,
    ).toBe(true);
    // The flags belong to the default validator only.
    expect(tolerance(messages.compareAbsoluteTolerance)).toBeNull();
    expect(screen.queryByRole('checkbox', { name: messages.compareCaseSensitive })).toBeNull();
    expect(toChallengeInput(latest).compare).toEqual({ mode: 'exact' });
  });

  it('saves the same tolerance twice as floatTolerance and refuses one that is not a number', async () => {
    const user = userEvent.setup();
    renderForm(filled());
    const absolute = tolerance(messages.compareAbsoluteTolerance) as HTMLElement;
    const relative = tolerance(messages.compareRelativeTolerance) as HTMLElement;
    await user.type(absolute, '1e-9');
    await user.type(relative, '1e-9');
    expect(toChallengeInput(latest).compare).toMatchObject({ floatTolerance: 1e-9 });

    await user.clear(relative);
    await user.type(relative, 'tiny');
    expect(checkChallengeValues(latest)).toBe(messages.invalidFloatTolerance);
    await user.clear(relative);
    await user.type(relative, '-1');
    expect(checkChallengeValues(latest)).toBe(messages.invalidFloatTolerance);
  });

  it('loads the rule of an edited challenge, exact included', () => {
    const base = toChallengeInput(filled());
    const challenge = {
      ...base,
      starterCode: '',
      timeLimitMs: 2000,
      memoryLimitMb: 256,
      compare: { mode: 'exact' },
    } as Challenge;
    renderForm(valuesFromChallenge(challenge));
    expect(
      (screen.getByRole('radio', { name: messages.compareModeExact }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(tolerance(messages.compareRelativeTolerance)).toBeNull();
  });

  it('shows the tolerances of a loaded default-validator rule', () => {
    const challenge = {
      ...toChallengeInput(filled()),
      starterCode: '',
      timeLimitMs: 2000,
      memoryLimitMb: 256,
      compare: {
        mode: 'default',
        caseSensitive: false,
        spaceChangeSensitive: true,
        floatTolerance: 1e-6,
      },
    } as Challenge;
    renderForm(valuesFromChallenge(challenge));
    expect((tolerance(messages.compareAbsoluteTolerance) as HTMLInputElement).value).toBe(
      '0.000001',
    );
    expect(
      (screen.getByRole('checkbox', { name: messages.compareSpaceSensitive }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(toChallengeInput(latest).compare).toEqual(challenge.compare);
  });

  it('takes a checker program: its language, its source typed or loaded from a file', async () => {
    const user = userEvent.setup();
    renderForm(filled());
    await user.click(screen.getByRole('radio', { name: messages.compareModeChecker }));
    // Nothing of the default validator, and a checker rule needs its program.
    expect(tolerance(messages.compareAbsoluteTolerance)).toBeNull();
    expect(checkChallengeValues(latest)).toBe(messages.checkerSourceMissing);
    const language = screen.getByLabelText(messages.checkerLanguageLabel) as HTMLSelectElement;
    expect(language.value).toBe('cpp');
    await user.selectOptions(language, 'Python');
    await user.type(screen.getByLabelText(messages.checkerSourceLabel), 'import sys');
    expect(toChallengeInput(latest)).toMatchObject({
      compare: { mode: 'checker', language: 'python' },
      checkerSource: 'import sys',
    });
    expect(checkChallengeValues(latest)).toBeUndefined();

    const file = new File(['int main() { return 42; }\n'], 'checker.cpp', { type: 'text/plain' });
    await user.upload(screen.getByLabelText(messages.checkerFileLabel), file);
    await screen.findByDisplayValue('int main() { return 42; }');
    expect(latest.compare.checkerSource).toBe('int main() { return 42; }\n');

    // Another rule sends no program.
    await user.click(screen.getByRole('radio', { name: messages.compareModeExact }));
    expect(toChallengeInput(latest)).not.toHaveProperty('checkerSource');
  });

  it('loads the checker of an edited challenge', () => {
    const challenge = {
      ...toChallengeInput(filled()),
      starterCode: '',
      timeLimitMs: 2000,
      memoryLimitMb: 256,
      compare: { mode: 'checker', language: 'java' },
      checkerSource: 'class Main {}',
    } as Challenge;
    renderForm(valuesFromChallenge(challenge));
    expect(
      (screen.getByRole('radio', { name: messages.compareModeChecker }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect((screen.getByLabelText(messages.checkerLanguageLabel) as HTMLSelectElement).value).toBe(
      'java',
    );
    expect((screen.getByLabelText(messages.checkerSourceLabel) as HTMLTextAreaElement).value).toBe(
      'class Main {}',
    );
  });
});
