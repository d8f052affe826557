import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '../../../contract/messages.ts';
import { HOUR_MS, fakeSession } from '../../session/test-tokens.ts';
import { logOut, setSession, useSession } from '../../session/index.ts';
import { TestCodeForm } from './test-code-form.tsx';

const toast = vi.hoisted(() => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('../../ui/toast.ts', () => toast);

function SessionProbe() {
  return <output data-testid="probe">{useSession() ? 'in' : 'out'}</output>;
}

function setup() {
  const onStart = vi.fn();
  render(
    <>
      <TestCodeForm onStart={onStart} />
      <SessionProbe />
    </>,
  );
  return { onStart, user: userEvent.setup() };
}

beforeEach(() => {
  toast.showError.mockReset();
});

afterEach(() => {
  logOut();
  vi.useRealTimers();
});

describe('TestCodeForm', () => {
  it('starts the test with the trimmed code', async () => {
    setSession(fakeSession());
    const { onStart, user } = setup();
    await user.type(screen.getByLabelText(messages.fieldTestCode), '  CS 101/a  ');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    expect(onStart).toHaveBeenCalledWith('CS 101/a');
    expect(toast.showError).not.toHaveBeenCalled();
  });

  it('does nothing for an empty or blank code while signed in', async () => {
    setSession(fakeSession());
    const { onStart, user } = setup();
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    await user.type(screen.getByLabelText(messages.fieldTestCode), '   ');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    expect(onStart).not.toHaveBeenCalled();
    expect(toast.showError).not.toHaveBeenCalled();
  });

  it("shows 'Please Sign in first' without a session", async () => {
    const { onStart, user } = setup();
    await user.type(screen.getByLabelText(messages.fieldTestCode), 'ABC');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    expect(toast.showError).toHaveBeenCalledWith('Please Sign in first');
    expect(onStart).not.toHaveBeenCalled();
  });

  it("logs out and shows 'Please Sign in first' when the token expired while the page was open", async () => {
    setSession(fakeSession({}, Date.now() + HOUR_MS));
    const { onStart, user } = setup();
    expect(screen.getByTestId('probe').textContent).toBe('in');
    await user.type(screen.getByLabelText(messages.fieldTestCode), 'ABC');
    const realNow = Date.now;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 2 * HOUR_MS);
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    expect(toast.showError).toHaveBeenCalledWith('Please Sign in first');
    expect(onStart).not.toHaveBeenCalled();
    expect(screen.getByTestId('probe').textContent).toBe('out');
    vi.restoreAllMocks();
  });
});
