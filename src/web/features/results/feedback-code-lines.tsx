/**
 * The submission's code in the Feedback tab, one row a line: the line number is a button that
 * chooses the line to comment on (a teacher points at the line instead of typing its number), and
 * a line that already has comments says how many. Plain text, not CodeMirror: the Code tab has the
 * highlighted view; here every line must be a keyboard stop of its own.
 */
import { feedbackMessages } from '../../../contract/submission-feedback.ts';

type Props = {
  lines: readonly string[];
  /** The line the new comment goes on (1-based). */
  selected: number;
  /** Comments per line number. */
  counts: ReadonlyMap<number, number>;
  onChoose: (line: number) => void;
};

export function FeedbackCodeLines({ lines, selected, counts, onChoose }: Props) {
  return (
    <ol className="feedback-lines" aria-label={feedbackMessages.codeLinesLabel}>
      {lines.map((text, index) => {
        const line = index + 1;
        const count = counts.get(line) ?? 0;
        return (
          <li
            key={line}
            className={
              line === selected ? 'feedback-lines__row is-selected' : 'feedback-lines__row'
            }
          >
            <button
              type="button"
              className="feedback-lines__number"
              aria-pressed={line === selected}
              aria-label={feedbackMessages.commentOnThisLine.replace('{line}', String(line))}
              onClick={() => onChoose(line)}
            >
              {line}
            </button>
            <code className="feedback-lines__code">{text === '' ? ' ' : text}</code>
            {count > 0 ? (
              <span className="feedback-lines__count">
                {feedbackMessages.commentsOnLineCount.replace('{count}', String(count))}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
