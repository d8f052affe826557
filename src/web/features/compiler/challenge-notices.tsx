/**
 * The notices panel (ui/notices-view.ts, handed down by the route) on the page of a challenge sat
 * alone, with this page's credentials: the student's calls go behind the compiler guard, the
 * question may name this challenge, and the list is cached per student and challenge. Under an
 * exam the exam screen shows its own panel instead.
 */
import { useCallback, useMemo } from 'react';
import type { QuestionRequest } from '../../../contract/notices.ts';
import type { NoticesCursor } from '../../lib/notices-cursor.ts';
import type { NoticesView } from '../../ui/notices-view.ts';
import type { StatementView } from '../../ui/statement-view.ts';
import { askQuestion, fetchNotices, type CompilerCredentials } from './compiler-api.ts';

type Props = {
  view: NoticesView;
  credentials: CompilerCredentials;
  challengeId: string;
  challengeName: string;
  owner: string;
  cursor: NoticesCursor;
  markdownView: StatementView;
};

export function ChallengeNotices({
  view: View,
  credentials,
  challengeId,
  challengeName,
  owner,
  cursor,
  markdownView,
}: Props) {
  const load = useCallback(
    (signal: AbortSignal) => fetchNotices(credentials, challengeId, signal),
    [credentials, challengeId],
  );
  const ask = useCallback(
    (question: QuestionRequest) => askQuestion(credentials, challengeId, question),
    [credentials, challengeId],
  );
  const problems = useMemo(
    () => [{ challengeId, name: challengeName }],
    [challengeId, challengeName],
  );
  return (
    <View
      cacheKey={`${owner}:challenge:${challengeId}`}
      load={load}
      ask={ask}
      problems={problems}
      cursor={cursor}
      markdownView={markdownView}
    />
  );
}
