/**
 * The notices panel (ui/notices-view.ts, handed down by the route) on the exam screen, with the
 * student's session: a question may name one of their drawn problems, and the list is cached per
 * student and exam. The screen's one timer long poll fills the cursor.
 */
import { useCallback, useMemo } from 'react';
import type { StudentExamProblem } from '../../../contract/exams.ts';
import type { QuestionRequest } from '../../../contract/notices.ts';
import type { UserSession } from '../../../contract/session.ts';
import type { NoticesCursor } from '../../lib/notices-cursor.ts';
import type { NoticesView } from '../../ui/notices-view.ts';
import type { StatementView } from '../../ui/statement-view.ts';
import { askExamQuestion, fetchExamNotices } from './student-exam-api.ts';

type Props = {
  view: NoticesView;
  session: UserSession;
  examCode: string;
  problems: readonly StudentExamProblem[];
  cursor: NoticesCursor;
  markdownView: StatementView;
};

export function ExamNotices({
  view: View,
  session,
  examCode,
  problems,
  cursor,
  markdownView,
}: Props) {
  const load = useCallback(
    (signal: AbortSignal) => fetchExamNotices(session, examCode, signal),
    [session, examCode],
  );
  const ask = useCallback(
    (question: QuestionRequest) => askExamQuestion(session, examCode, question),
    [session, examCode],
  );
  const choices = useMemo(
    () => problems.map((p) => ({ challengeId: p.challengeId, name: p.challengeName })),
    [problems],
  );
  return (
    <View
      cacheKey={`${session.id}:exam:${examCode.toLowerCase()}`}
      load={load}
      ask={ask}
      problems={choices}
      cursor={cursor}
      markdownView={markdownView}
    />
  );
}
