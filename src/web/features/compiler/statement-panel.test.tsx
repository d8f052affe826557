import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompilerChallenge } from '../../../contract/compiler.ts';
import type { StatementViewProps } from '../../ui/statement-view.ts';
import { StatementPanel } from './statement-panel.tsx';

const credentials = { token: 'compiler-token', appKey: 'app-key' };
const shown: StatementViewProps[] = [];
/** The renderer the route hands over, as the panel uses it: what it is given is kept. */
function FakeStatement(props: StatementViewProps) {
  useEffect(() => {
    shown.push(props);
  });
  return <p>{props.markdown}</p>;
}
const panel = (c: CompilerChallenge) => (
  <StatementPanel challenge={c} credentials={credentials} statementView={FakeStatement} />
);

afterEach(() => {
  shown.length = 0;
  vi.unstubAllGlobals();
});

const challenge = (extra: Partial<CompilerChallenge> = {}): CompilerChallenge => ({
  challengeId: 'SUM-1',
  challengeName: 'Sum of two',
  challengeDesc: 'Print a + b.',
  difficultyLev: 'easy',
  language: 'python',
  score: 100,
  timeDur: 60,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  timeLimitMs: 2000,
  memoryLimitMb: 256,
  starterCode: '',
  samples: [],
  hiddenTestCount: 1,
  startedAt: '2026-11-23T10:00:00.000Z',
  deadline: '2026-11-23T11:00:00.000Z',
  serverNow: '2026-11-23T10:00:00.000Z',
  graceSeconds: 30,
  bestScore: null,
  submissionCount: 0,
  ...extra,
});

describe('the statement panel', () => {
  it('tells the student before submitting how outputs are compared', () => {
    render(
      panel(
        challenge({
          compare: { mode: 'default', caseSensitive: true, spaceChangeSensitive: false },
        }),
      ),
    );
    expect(screen.getByTestId('statement-compare-rule').textContent).toMatch(/^Compared token/);
  });

  it('says nothing of it for a server that does not send the rule', () => {
    render(panel(challenge()));
    expect(screen.queryByTestId('statement-compare-rule')).toBeNull();
  });

  it("hands the description to the renderer with a loader of the challenge's images", async () => {
    const sha256 = 'a'.repeat(64);
    const fetchMock = vi.fn(async () => new Response('png', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      panel(
        challenge({
          challengeDesc: 'See ![f](graph.png)',
          images: [{ name: 'graph.png', sha256, mediaType: 'image/png' }],
        }),
      ),
    );
    expect(screen.getByTestId('statement-text').textContent).toBe('See ![f](graph.png)');
    const load = shown.at(-1)?.loadImage;
    if (!load) throw new Error('no image loader');
    const signal = new AbortController().signal;
    expect(await load('other.png', signal)).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await (await load('graph.png', signal))?.text()).toBe('png');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/compiler/challenge/SUM-1/images/${sha256}`);
    expect(init.headers).toMatchObject({
      authorization: 'Bearer compiler-token',
      'x-app-key': 'app-key',
    });
  });
});
