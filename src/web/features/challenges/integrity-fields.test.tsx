import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.ts';
import { IntegrityFields, type IntegrityValues } from './integrity-fields.tsx';

function Harness() {
  const [values, setValues] = useState<IntegrityValues>({
    captureTabChanges: false,
    disablePaste: false,
  });
  return <IntegrityFields values={values} onChange={setValues} />;
}

describe('IntegrityFields', () => {
  it('offers two labelled checkboxes, off by default, toggled from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    const capture = box(messages.captureTabChangesLabel);
    const paste = box(messages.disablePasteLabel);
    expect(capture.checked).toBe(false);
    expect(paste.checked).toBe(false);
    expect(
      document.getElementById(capture.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe(messages.captureTabChangesHint);

    await user.tab();
    expect(document.activeElement).toBe(capture);
    await user.keyboard(' ');
    expect(capture.checked).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(paste);
    await user.keyboard(' ');
    expect(paste.checked).toBe(true);
    expect(screen.getByRole('group', { name: messages.integritySettingsLegend })).toBeTruthy();
  });
});
