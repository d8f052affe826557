import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '../../../contract/messages.ts';
import { SESSION_KEY } from '../../session/session-store.ts';
import { fakeSession } from '../../session/test-tokens.ts';
import { logOut } from '../../session/index.ts';
import { SignUpForm } from './sign-up-form.tsx';

const toast = vi.hoisted(() => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('../../ui/toast.ts', () => toast);

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  toast.showError.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  logOut();
  vi.unstubAllGlobals();
});

describe('SignUpForm', () => {
  it('shows the sign-up hint next to the password', () => {
    render(<SignUpForm />);
    expect(screen.getByText('Please remember your password for future logins')).toBeTruthy();
    const password = screen.getByLabelText(messages.fieldPassword);
    const hintId = screen.getByText(messages.signUpHint).id;
    expect(password.getAttribute('aria-describedby')).toContain(hintId);
  });

  it('lower-cases name and email as they are typed', async () => {
    const user = userEvent.setup();
    render(<SignUpForm />);
    await user.type(screen.getByLabelText(messages.fieldName), 'Ada LOVELACE');
    await user.type(screen.getByLabelText(messages.fieldEmail), 'Ada@Example.EDU');
    expect((screen.getByLabelText(messages.fieldName) as HTMLInputElement).value).toBe(
      'ada lovelace',
    );
    expect((screen.getByLabelText(messages.fieldEmail) as HTMLInputElement).value).toBe(
      'ada@example.edu',
    );
  });

  it("shows 'Please enter all details' and makes no call when a field is missing", async () => {
    const user = userEvent.setup();
    render(<SignUpForm />);
    await user.type(screen.getByLabelText(messages.fieldEmail), 'a@b.edu');
    await user.type(screen.getByLabelText(messages.fieldPassword), 'long enough');
    await user.click(screen.getByRole('button', { name: messages.signUp }));
    expect(toast.showError).toHaveBeenCalledWith('Please enter all details');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs up and stores the session the server answers', async () => {
    const session = fakeSession({ name: 'ada', email: 'ada@example.edu' });
    fetchMock.mockResolvedValue(new Response(JSON.stringify(session), { status: 200 }));
    const user = userEvent.setup();
    render(<SignUpForm />);
    await user.type(screen.getByLabelText(messages.fieldName), 'Ada');
    await user.type(screen.getByLabelText(messages.fieldEmail), 'ADA@example.edu');
    await user.type(screen.getByLabelText(messages.fieldPassword), 'Secret-Pass1');
    await user.click(screen.getByRole('button', { name: messages.signUp }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(session),
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/loginSignUp');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'ada',
      email: 'ada@example.edu',
      password: 'Secret-Pass1',
    });
    expect(toast.showError).not.toHaveBeenCalled();
  });

  it("shows the server's message when sign-up fails", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: messages.accountExists }), { status: 409 }),
    );
    const user = userEvent.setup();
    render(<SignUpForm />);
    await user.type(screen.getByLabelText(messages.fieldName), 'ada');
    await user.type(screen.getByLabelText(messages.fieldEmail), 'ada@example.edu');
    await user.type(screen.getByLabelText(messages.fieldPassword), 'Secret-Pass1');
    await user.click(screen.getByRole('button', { name: messages.signUp }));
    await waitFor(() => expect(toast.showError).toHaveBeenCalledWith(messages.accountExists));
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(
      (screen.getByRole('button', { name: messages.signUp }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('shows "check your email", keeps no session and clears the password when the link is mailed', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: messages.signUpCheckEmail }), { status: 202 }),
    );
    const user = userEvent.setup();
    render(<SignUpForm />);
    await user.type(screen.getByLabelText(messages.fieldName), 'ada');
    await user.type(screen.getByLabelText(messages.fieldEmail), 'ada@example.edu');
    await user.type(screen.getByLabelText(messages.fieldPassword), 'Secret-Pass1');
    await user.click(screen.getByRole('button', { name: messages.signUp }));
    await waitFor(() => expect(toast.showSuccess).toHaveBeenCalledWith(messages.signUpCheckEmail));
    expect(screen.getByText(messages.signUpCheckEmail)).toBeTruthy();
    expect((screen.getByLabelText(messages.fieldPassword) as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(toast.showError).not.toHaveBeenCalled();
  });
});
