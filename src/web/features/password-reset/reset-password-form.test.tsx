import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { messages } from '../../../contract/messages.ts';
import { ResetPasswordForm } from './reset-password-form.tsx';

const toast = vi.hoisted(() => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('../../ui/toast.ts', () => toast);
// The form's only router part is a plain link back to the request form.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a href="/forgot-password" className={className}>
      {children}
    </a>
  ),
}));

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const TOKEN = 'T'.repeat(43);

beforeEach(() => {
  toast.showError.mockReset();
  toast.showSuccess.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const onDone = vi.fn();
  const user = userEvent.setup();
  render(<ResetPasswordForm token={TOKEN} onDone={onDone} />);
  const password = screen.getByLabelText(messages.fieldNewPassword);
  const confirm = screen.getByLabelText(messages.fieldConfirmPassword);
  const submit = screen.getByRole('button', { name: messages.updatePassword });
  return { user, onDone, password, confirm, submit };
}

describe('ResetPasswordForm', () => {
  it('shows the tier live, in words and on the meter, in a polite live region', async () => {
    const { user, password } = setup();
    const meter = screen.getByRole('meter');
    const tier = screen.getByTestId('strength-tier');
    expect(tier.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    expect(meter.getAttribute('aria-valuenow')).toBe('0');

    const steps: [string, string, string][] = [
      ['abc', 'Too weak', '1'],
      ['defg1', 'Weak', '2'],
      ['A$', 'Medium', '3'],
      ['xy', 'Strong', '4'],
    ];
    for (const [typed, label, bars] of steps) {
      await user.type(password, typed);
      expect(tier.textContent).toBe(label);
      expect(meter.getAttribute('aria-valuetext')).toBe(label);
      expect(meter.getAttribute('aria-valuenow')).toBe(bars);
    }
  });

  it("says 'Set a strong password' below Medium and makes no call", async () => {
    const { user, password, confirm, submit } = setup();
    await user.type(password, 'abcdefg1');
    await user.type(confirm, 'abcdefg1');
    await user.click(submit);
    expect(toast.showError).toHaveBeenCalledWith('Set a strong password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Passwords do not match' when the confirmation differs and makes no call", async () => {
    const { user, password, confirm, submit } = setup();
    await user.type(password, 'Medium-ok1');
    await user.type(confirm, 'Medium-ok2');
    await user.click(submit);
    expect(toast.showError).toHaveBeenCalledWith('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends {password, token} with PUT, shows the success toast and hands over', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: messages.passwordUpdated }), { status: 200 }),
    );
    const { user, onDone, password, confirm, submit } = setup();
    await user.type(password, 'Medium-ok1');
    await user.type(confirm, 'Medium-ok1');
    await user.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(toast.showSuccess).toHaveBeenCalledWith('Password updated successfully');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/resetPassword');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'Medium-ok1', token: TOKEN });
    expect(toast.showError).not.toHaveBeenCalled();
  });

  it("shows the server's message when the link is refused, and stays on the form", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: messages.resetLinkExpired }), { status: 400 }),
    );
    const { user, onDone, password, confirm, submit } = setup();
    await user.type(password, 'Medium-ok1');
    await user.type(confirm, 'Medium-ok1');
    await user.click(submit);
    await waitFor(() => expect(toast.showError).toHaveBeenCalledWith(messages.resetLinkExpired));
    expect(onDone).not.toHaveBeenCalled();
    expect((submit as HTMLButtonElement).disabled).toBe(false);
  });

  it('describes the new password field with the requirement', () => {
    setup();
    const hint = screen.getByText(messages.strengthHint);
    expect(
      screen.getByLabelText(messages.fieldNewPassword).getAttribute('aria-describedby'),
    ).toContain(hint.id);
  });
});
