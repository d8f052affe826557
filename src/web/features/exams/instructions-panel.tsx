/**
 * What the exam screen shows before a problem is chosen (and whenever the student goes back to
 * it): how problems are scored, when the student's time ends, the teacher's instructions and a
 * button to the first problem. The student's screen and the teacher's preview share it.
 */
import type { StudentExam } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import type { StatementView } from '../../ui/statement-view.ts';
import { ExamInstructions } from './exam-instructions.tsx';

/** hh:mm on this computer's clock (and in its time zone, which the text names). */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

type Props = {
  exam: Pick<StudentExam, 'scoring' | 'deadline' | 'instructions'> & {
    problems: readonly { challengeId: string; ordinal: number }[];
  };
  onOpen: (challengeId: string) => void;
  statementView: StatementView;
};

export function InstructionsPanel({ exam, onOpen, statementView }: Props) {
  const first = exam.problems[0];
  return (
    <section className="exam-panel" aria-labelledby="exam-instructions-heading">
      <h2 id="exam-instructions-heading" className="exam-panel__title">
        {messages.examInstructionsHeading}
      </h2>
      <p className="muted">
        {exam.scoring === 'best' ? messages.examScoringBestNote : messages.examScoringLastNote}{' '}
        {messages.examEndsAt
          .replace('{time}', clockTime(exam.deadline))
          .replace('{timeZone}', Intl.DateTimeFormat().resolvedOptions().timeZone)}
      </p>
      <ExamInstructions markdown={exam.instructions} view={statementView} />
      {first ? (
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => onOpen(first.challengeId)}
          >
            {messages.openProblem.replace('{n}', String(first.ordinal))}
          </button>
        </div>
      ) : null}
    </section>
  );
}
