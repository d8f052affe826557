import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
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
  toast.showSuccess.mockReset();
});

afterEach(() => {
  logOut();
  vi.useRealTimers();
});

describe('TestCodeForm', () => {
  it('starts the test with the trimmed code when the server does not know it (404)', async () => {
    setSession(fakeSession());
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(Response.json({ message: 'No such code' }, { status: 404 })),
    );
    vi.stubGlobal('fetch', fetch);
    const { onStart, user } = setup();
    await user.type(screen.getByLabelText(messages.fieldTestCode), '  CS 101/a  ');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    await waitFor(() =>
      expect(onStart).toHaveBeenCalledWith({ kind: 'challenge', challengeId: 'CS 101/a' }),
    );
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/user/testCode/CS%20101%2Fa');
    expect(toast.showError).not.toHaveBeenCalled();
  });

  it('opens the exam a code names, typed in any case with spaces around it', async () => {
    setSession(fakeSession());
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(Response.json({ kind: 'exam', examCode: 'MID-1' })),
    );
    vi.stubGlobal('fetch', fetch);
    const { onStart, user } = setup();
    await user.type(screen.getByLabelText(messages.fieldTestCode), '  mId-1 ');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    await waitFor(() => expect(onStart).toHaveBeenCalledWith({ kind: 'exam', examCode: 'MID-1' }));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/testCode/mId-1');
    expect(new Headers(init?.headers).get('authorization')).toMatch(/^Bearer /);
  });

  it('opens the challenge the server names, and /challenges/{code} without a network', async () => {
    setSession(fakeSession());
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ kind: 'challenge', challengeId: 'SUM-1' }))),
    );
    const { onStart, user } = setup();
    const field = screen.getByLabelText(messages.fieldTestCode);
    await user.type(field, 'sum-1');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    await waitFor(() =>
      expect(onStart).toHaveBeenCalledWith({ kind: 'challenge', challengeId: 'SUM-1' }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.clear(field);
    await user.type(field, 'OTHER-2');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    await waitFor(() =>
      expect(onStart).toHaveBeenLastCalledWith({ kind: 'challenge', challengeId: 'OTHER-2' }),
    );
  });

  it('still opens an exam looked up before when the network is gone', async () => {
    setSession(fakeSession());
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ kind: 'exam', examCode: 'MID-2' }))),
    );
    const { onStart, user } = setup();
    const field = screen.getByLabelText(messages.fieldTestCode);
    await user.type(field, 'MID-2');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    await waitFor(() => expect(onStart).toHaveBeenCalledTimes(1));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await user.clear(field);
    await user.type(field, ' mid-2');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    await waitFor(() => expect(onStart).toHaveBeenCalledTimes(2));
    expect(onStart).toHaveBeenLastCalledWith({ kind: 'exam', examCode: 'MID-2' });
  });

  it('stops with the message when the server refuses the session', async () => {
    setSession(fakeSession());
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(Response.json({ message: messages.sessionExpired }, { status: 401 })),
      ),
    );
    const { onStart, user } = setup();
    await user.type(screen.getByLabelText(messages.fieldTestCode), 'MID-3');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    await waitFor(() => expect(toast.showError).toHaveBeenCalledWith(messages.sessionExpired));
    expect(onStart).not.toHaveBeenCalled();
  });

  it('joins the course an enrolment code names and stays on the step, field cleared', async () => {
    setSession(fakeSession());
    const answer = {
      message: 'You joined CS-101 — Programming 1',
      course: { code: 'CS-101', title: 'Programming 1' },
    };
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(Response.json(answer)),
    );
    vi.stubGlobal('fetch', fetch);
    const { onStart, user } = setup();
    const field = screen.getByLabelText(messages.fieldTestCode);
    await user.type(field, ' k7mq.xp4t ');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    await waitFor(() => expect(toast.showSuccess).toHaveBeenCalledWith(answer.message));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/enrolments');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'K7MQ.XP4T' });
    expect(onStart).not.toHaveBeenCalled();
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('goes on as a test code when no course has the enrolment-shaped code', async () => {
    setSession(fakeSession());
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(Response.json({ message: messages.challengeNotFound }, { status: 404 })),
    );
    vi.stubGlobal('fetch', fetch);
    const { onStart, user } = setup();
    await user.type(screen.getByLabelText(messages.fieldTestCode), 'AAAA.BBBB');
    await user.click(screen.getByRole('button', { name: messages.startTest }));
    await waitFor(() =>
      expect(onStart).toHaveBeenCalledWith({ kind: 'challenge', challengeId: 'AAAA.BBBB' }),
    );
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/user/enrolments',
      '/api/user/testCode/AAAA.BBBB',
    ]);
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
