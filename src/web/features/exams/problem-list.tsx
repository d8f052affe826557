/**
 * The exam screen's side list: the instructions, then each problem with its points and state (or,
 * in the teacher's preview, each challenge of each pool). Every entry is a button that shows what
 * it names; the one shown carries aria-current, so a screen reader says where the student is.
 * Without `onChoose` (a finished exam) the entries are plain text.
 */
import type { ReactNode } from 'react';
import { messages } from '../../../contract/messages.ts';

export type ProblemEntry = {
  /** Unique in the list: the challenge's id. */
  id: string;
  ordinal: number;
  name: string;
  points: number;
  /** The state line ("Draft saved", "Submitted · 40 / 50", the preview's pool note). */
  detail: string;
  /** A state the eye should find fast (submitted, draft). */
  tone?: 'done' | 'draft' | undefined;
};

type Props = {
  entries: readonly ProblemEntry[];
  /** The entry shown, or 'instructions'. */
  current: string;
  onChoose?: (id: string | 'instructions') => void;
  /** Under the list (the student's screen says when the exam can go on offline). */
  footer?: ReactNode;
};

export function ProblemList({ entries, current, onChoose, footer }: Props) {
  return (
    <nav className="exam-nav" aria-label={messages.examProblemsHeading}>
      {onChoose ? (
        <button
          type="button"
          className="exam-nav__item exam-nav__item--instructions"
          aria-current={current === 'instructions' ? 'true' : undefined}
          onClick={() => onChoose('instructions')}
        >
          {messages.showInstructions}
        </button>
      ) : null}
      <h2 className="exam-nav__heading">{messages.examProblemsHeading}</h2>
      <ol className="exam-nav__list">
        {entries.map((entry) => {
          const body = (
            <>
              <span className="exam-nav__ordinal">
                {messages.examProblemLabel.replace('{n}', String(entry.ordinal))}
                <span className="exam-nav__points">
                  {messages.examProblemPoints.replace('{points}', String(entry.points))}
                </span>
              </span>
              <span className="exam-nav__name">{entry.name}</span>
              <span
                className={`exam-nav__state${entry.tone ? ` exam-nav__state--${entry.tone}` : ''}`}
                data-testid="problem-state"
              >
                {entry.detail}
              </span>
            </>
          );
          return (
            <li key={entry.id} data-testid="exam-problem" data-challenge={entry.id}>
              {onChoose ? (
                <button
                  type="button"
                  className="exam-nav__item"
                  aria-current={current === entry.id ? 'true' : undefined}
                  onClick={() => onChoose(entry.id)}
                >
                  {body}
                </button>
              ) : (
                <div className="exam-nav__item exam-nav__item--static">{body}</div>
              )}
            </li>
          );
        })}
      </ol>
      {footer}
    </nav>
  );
}
