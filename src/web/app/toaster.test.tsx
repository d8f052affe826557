import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_DURATION_MS, messages } from '../../contract/messages.ts';
import { showError, showSuccess } from '../ui/toast.ts';
import { AppToaster, toaster } from './toaster.tsx';

afterEach(() => {
  act(() => {
    toaster.remove();
  });
});

describe('AppToaster', () => {
  it('shows the same error twice when it is raised twice in a row', async () => {
    render(<AppToaster />);
    act(() => {
      showError(messages.enterAllDetails);
      showError(messages.enterAllDetails);
    });
    await waitFor(() => expect(screen.getAllByText(messages.enterAllDetails)).toHaveLength(2));
  });

  it('gives every toast a labelled close button that removes it', async () => {
    const user = userEvent.setup();
    render(<AppToaster />);
    act(() => showSuccess(messages.emailSent));
    const close = await screen.findByRole('button', { name: messages.closeToast });
    await user.click(close);
    // jsdom runs no exit animation, so the toast stays in the DOM in its closed state.
    await waitFor(() => expect(screen.getByTestId('toast').dataset.state).toBe('closed'));
  });

  it(`creates error toasts that last ${TOAST_DURATION_MS} ms`, () => {
    const id = toaster.error({ description: 'x' });
    showError('y');
    const durations = toaster
      .getVisibleToasts()
      .filter((t) => t.id !== id)
      .map((t) => t.duration);
    expect(durations).toEqual([TOAST_DURATION_MS]);
  });
});
