/**
 * One pair side by side: the score (or "too short to compare") and how much the pair shares,
 * both programs with their shared regions and the common code marked (issue 37), and the way
 * back to the pairs. The heading takes the focus when the pair opens, so a screen reader starts
 * at what changed.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { SimilarityPairResponse } from '../../../contract/similarity.ts';
import { AnswerState } from './answer-state.tsx';
import { CodePane } from './code-pane.tsx';
import { longestText, sharedText } from './shared-size.tsx';
import { fetchPair } from './similarity-api.ts';
import { useAnswer } from '../../ui/use-answer.ts';

type Props = {
  token: string;
  challengeId: string;
  /** The pair of an exam's report (issue 31): both programs were submitted in that exam. */
  examCode?: string | undefined;
  a: string;
  b: string;
};

export function PairView({ token, challengeId, examCode, a, b }: Props) {
  const load = useCallback(
    (signal: AbortSignal) => fetchPair(token, challengeId, a, b, examCode, signal),
    [token, challengeId, a, b, examCode],
  );
  const { answer, retry } = useAnswer(load);
  return (
    <div className="similarity__pair">
      <Link
        to="/adminDash"
        search={{ view: 'similarity', challengeId, exam: examCode }}
        className="link similarity__back"
      >
        ← {messages.similarityBack}
      </Link>
      <AnswerState answer={answer} loadingText={messages.similarityLoading} retry={retry}>
        {(pair) => <Pair pair={pair} />}
      </AnswerState>
    </div>
  );
}

function Pair({ pair }: { pair: SimilarityPairResponse }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h3 ref={heading} tabIndex={-1} className="similarity__pair-title">
        {(pair.tooShort ? messages.similarityPairTitleShort : messages.similarityPairTitle)
          .replace('{a}', pair.a.name)
          .replace('{b}', pair.b.name)
          .replace('{percent}', pair.percent.toFixed(1))}
      </h3>
      <p data-testid="similarity-pair-shared">
        {messages.similarityPairShared
          .replace('{shared}', sharedText(pair.shared))
          .replace('{longest}', longestText(pair.shared))}
        {pair.tooShort ? (
          <> {messages.similarityTooShortHint.replace('{minimum}', String(pair.minimumTokens))}</>
        ) : null}
      </p>
      <p className="similarity__legend">
        <mark className="similarity__mark">{messages.similarityLegendSample}</mark>{' '}
        {messages.similarityLegend}
      </p>
      <p className="similarity__legend">
        <mark className="similarity__mark similarity__mark--common">
          {messages.similarityLegendCommonSample}
        </mark>{' '}
        {messages.similarityLegendCommon}
      </p>
      <div className="similarity__panes">
        <CodePane side={pair.a} paneId="similarity-a" compared={pair.compared} />
        <CodePane side={pair.b} paneId="similarity-b" compared={pair.compared} />
      </div>
    </>
  );
}
