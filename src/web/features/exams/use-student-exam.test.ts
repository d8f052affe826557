import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { CompilerChallenge } from '../../../contract/compiler.ts';
import { examMessages, type StudentExam } from '../../../contract/exams.ts';
import type { UserSession } from '../../../contract/session.ts';
import { loadProblemCopy } from '../../lib/problem-copies.ts';
import { problemScope } from '../../lib/problem-scope.ts';
import { useStudentExam } from './use-student-exam.ts';

const exam = (code: string): StudentExam => ({
  examCode: code,
  title: 'Midterm',
  instructions: 'Go.',
  scoring: 'best',
  totalPoints: 50,
  timeZone: 'UTC',
  startedAt: '2026-11-26T09:00:00.000Z',
  deadline: '2026-11-26T10:00:00.000Z',
  serverNow: '2026-11-26T09:05:00.000Z',
  graceSeconds: 30,
  finishedAt: null,
  total: null,
  problems: [
    {
      ordinal: 1,
      points: 20,
      challengeId: 'SUM',
      challengeName: 'Sum',
      state: 'not-opened',
      submissionCount: 0,
      score: null,
    },
    {
      ordinal: 2,
      points: 30,
      challengeId: 'MAX',
      challengeName: 'Max',
      state: 'not-opened',
      submissionCount: 0,
      score: null,
    },
  ],
});

const statement = (challengeId: string) =>
  ({ challengeId, challengeName: challengeId }) as Partial<CompilerChallenge>;

/** The server as the screen calls it: open, getToken per problem, each statement. */
function server(code: string) {
  return vi.fn((url: string, init?: RequestInit) => {
    if (url.endsWith('/open')) return Promise.resolve(Response.json(exam(code)));
    if (url === '/api/user/getToken') {
      const { challengeId } = JSON.parse(String(init?.body)) as { challengeId: string };
      // A template that put the exam in the fragment: the screen moves it to the query.
      return Promise.resolve(
        Response.json({
          token: 't',
          expiresAt: '2026-11-27T00:00:00.000Z',
          url: `/compiler/${challengeId}?appKey=k#token=tok-${challengeId}&exam=${code}`,
        }),
      );
    }
    const id = /\/api\/compiler\/challenge\/(\w+)/.exec(url)?.[1] ?? '';
    return Promise.resolve(
      Response.json({
        ...statement(id),
        challengeDesc: 'd',
        difficultyLev: 'easy',
        language: 'python',
        score: 100,
        timeDur: 60,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        timeLimitMs: 1000,
        memoryLimitMb: 64,
        starterCode: '',
        samples: [],
        hiddenTestCount: 0,
        startedAt: '2026-11-26T09:00:00.000Z',
        deadline: '2026-11-26T10:00:00.000Z',
        serverNow: '2026-11-26T09:05:00.000Z',
        graceSeconds: 30,
        bestScore: null,
        submissionCount: 0,
      }),
    );
  });
}

const session = (id: string): UserSession => ({ id, name: 'A', email: 'a@x.test', token: 's' });

describe('useStudentExam', () => {
  it('opens, readies every problem for offline, and opens from that copy without a network', async () => {
    const online = server('MID-1');
    vi.stubGlobal('fetch', online);
    const first = renderHook(() => useStudentExam(session('u-ex1'), 'mid-1'));
    await waitFor(() => {
      const state = first.result.current.state;
      expect(state.status === 'ready' && state.offlineReady).toBe(true);
    });
    const ready = first.result.current.state;
    if (ready.status !== 'ready') throw new Error('not ready');
    expect(ready.offline).toBe(false);
    expect(ready.frames).toEqual({
      SUM: '/compiler/SUM?appKey=k&exam=MID-1#token=tok-SUM',
      MAX: '/compiler/MAX?appKey=k&exam=MID-1#token=tok-MAX',
    });
    // Each statement was read ahead, under the exam, with the problem's own token.
    const read = online.mock.calls.filter(([url]) => url.startsWith('/api/compiler/challenge/'));
    expect(read.map(([url]) => url).sort()).toEqual([
      '/api/compiler/challenge/MAX?examCode=MID-1',
      '/api/compiler/challenge/SUM?examCode=MID-1',
    ]);
    expect(await loadProblemCopy('u-ex1', problemScope('MAX', 'MID-1'))).toBeDefined();
    first.unmount();

    // A reload with the network gone: the same screen, said to be a copy.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const again = renderHook(() => useStudentExam(session('u-ex1'), 'MID-1'));
    await waitFor(() => expect(again.result.current.state.status).toBe('ready'));
    const copy = again.result.current.state;
    if (copy.status !== 'ready') throw new Error('not ready');
    expect(copy.offline).toBe(true);
    expect(copy.exam.title).toBe('Midterm');
    expect(copy.frames).toEqual(ready.frames);
  });

  it("keeps the server's refusal, and has no copy for another student", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(Response.json({ message: examMessages.examClosed }, { status: 403 })),
      ),
    );
    const closed = renderHook(() => useStudentExam(session('u-ex2'), 'MID-2'));
    await waitFor(() =>
      expect(closed.result.current.state).toEqual({
        status: 'failed',
        message: examMessages.examClosed,
      }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const other = renderHook(() => useStudentExam(session('u-ex3'), 'MID-1'));
    await waitFor(() => expect(other.result.current.state.status).toBe('failed'));
  });
});
