import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { CompilerChallenge } from '../../../contract/compiler.ts';
import { messages } from '../../../contract/messages.ts';
import { saveProblemCopy } from '../../lib/problem-copies.ts';
import { problemScope } from '../../lib/problem-scope.ts';
import { useCompilerChallenge } from './use-compiler-challenge.ts';

const statement: CompilerChallenge = {
  challengeId: 'SUM',
  challengeName: 'Sum',
  challengeDesc: 'Add two numbers.',
  difficultyLev: 'easy',
  language: 'python',
  score: 100,
  timeDur: 60,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  timeLimitMs: 2000,
  memoryLimitMb: 256,
  starterCode: '',
  samples: [],
  hiddenTestCount: 1,
  startedAt: '2026-11-26T09:00:00.000Z',
  deadline: '2026-11-26T10:00:00.000Z',
  serverNow: '2026-11-26T09:10:00.000Z',
  graceSeconds: 30,
  bestScore: null,
  submissionCount: 0,
};

const offline = () => vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
const answering = (body: unknown) =>
  vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(Response.json(body)));

afterEach(() => {
  vi.useRealTimers();
});

describe('useCompilerChallenge', () => {
  it("names the exam in the statement's address and keeps a copy of an exam's problem", async () => {
    const fetch = answering(statement);
    vi.stubGlobal('fetch', fetch);
    const credentials = { token: 't', appKey: 'k', examCode: 'Mid-1' };
    const { result } = renderHook(() => useCompilerChallenge(credentials, 'SUM', 'u-exam'));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/compiler/challenge/SUM?examCode=Mid-1');

    // The network goes: the problem opens from the copy the first load kept.
    vi.stubGlobal('fetch', offline());
    const again = renderHook(() => useCompilerChallenge(credentials, 'SUM', 'u-exam'));
    await waitFor(() => expect(again.result.current.state.status).toBe('ready'));
  });

  it("keeps the server's clock of the moment the copy arrived, not the copy's serverNow", async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T12:30:00.000Z'), toFake: ['Date'] });
    // Received at 12:00 on this computer, when the server said 09:10: the server is 2 h 50 min
    // behind this computer's clock, whatever the time now.
    await saveProblemCopy(
      'u-clock',
      problemScope('SUM', 'E2'),
      statement,
      Date.parse('2026-11-26T12:00:00.000Z'),
    );
    vi.stubGlobal('fetch', offline());
    const credentials = { token: 't', appKey: 'k', examCode: 'E2' };
    const { result } = renderHook(() => useCompilerChallenge(credentials, 'SUM', 'u-clock'));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    const state = result.current.state;
    if (state.status !== 'ready') throw new Error('not ready');
    expect(new Date(state.clock.now()).toISOString()).toBe('2026-11-26T09:40:00.000Z');
  });

  it('says the network is gone for a challenge sat alone, even with a copy of it under an exam', async () => {
    await saveProblemCopy('u-alone', problemScope('SUM', 'E3'), statement);
    vi.stubGlobal('fetch', offline());
    const credentials = { token: 't', appKey: 'k' };
    const { result } = renderHook(() => useCompilerChallenge(credentials, 'SUM', 'u-alone'));
    await waitFor(() => expect(result.current.state.status).toBe('failed'));
    expect(result.current.state).toEqual({ status: 'failed', message: messages.networkError });
  });
});
