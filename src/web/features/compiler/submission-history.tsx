/**
 * The student's own submissions to this challenge (issue 12 item 6), newest first: time, verdict,
 * score and how the samples and hidden tests went. Any of them can be loaded back into the
 * editor (it becomes the draft). Collapsed by default so it never pushes the results away.
 */
import type { HistoryEntry } from '../../../contract/compiler.ts';
import { gradingMessages, type StudentGrade } from '../../../contract/grading.ts';
import { messages } from '../../../contract/messages.ts';
import { releaseMessages } from '../../../contract/result-release.ts';
import type { StatementView } from '../../ui/statement-view.ts';
import { SubmissionFeedback } from './submission-feedback.tsx';
import { LANGUAGE_LABELS } from '../../../contract/verdicts.ts';
import { formatScore } from './measures.ts';
import { VerdictBadge } from './verdict-badge.tsx';

type Props = {
  entries: HistoryEntry[];
  /** Renders the teacher's feedback (features/statement's sanitised Markdown). */
  statementView: StatementView;
  /** The grade staff gave the problem (issue 34 item 3), if they did. */
  grade?: StudentGrade | undefined;
  /** Each entry names its language when the challenge accepts several. */
  showLanguage: boolean;
  disabled: boolean;
  onLoad: (entry: HistoryEntry) => void;
};

const timeOf = (entry: HistoryEntry) => new Date(entry.createdAt).toLocaleTimeString();

function Outcome({ entry }: { entry: HistoryEntry }) {
  if (entry.released === false && entry.status === 'judged')
    return (
      <span className="muted" data-testid="not-released">
        {releaseMessages.notReleased}
      </span>
    );
  if (entry.verdict === null)
    return (
      <span className="muted">
        {entry.status === 'failed' ? messages.historyGaveUp : messages.historyWaiting}
      </span>
    );
  const samplesPassed = entry.samples.filter((s) => s.verdict === 'Accepted').length;
  return (
    <>
      <VerdictBadge verdict={entry.verdict} />
      <span>
        {formatScore(entry.score ?? 0)} / {formatScore(entry.maxScore)}
      </span>
      {entry.samples.length > 0 ? (
        <span className="muted">
          {messages.historySamples
            .replace('{passed}', String(samplesPassed))
            .replace('{total}', String(entry.samples.length))}
        </span>
      ) : null}
      {entry.hidden.total > 0 ? (
        <span className="muted">
          {messages.historyHidden
            .replace('{passed}', String(entry.hidden.passed))
            .replace('{total}', String(entry.hidden.total))}
        </span>
      ) : null}
    </>
  );
}

/** The final score beside the judge's, shown above the list so it is seen without opening it. */
function FinalGrade({ grade }: { grade: StudentGrade }) {
  if (grade.finalScore === null) return null;
  return (
    <p className="submission-history__grade" data-testid="final-grade">
      <strong>{gradingMessages.finalScore}:</strong>{' '}
      {gradingMessages.finalOf
        .replace('{final}', formatScore(grade.finalScore))
        .replace('{max}', formatScore(grade.maxScore + grade.manualPointsMax))
        .replace(
          '{automatic}',
          grade.automatic === null ? messages.notAvailable : formatScore(grade.automatic),
        )}
    </p>
  );
}

export function SubmissionHistory({ grade, ...list }: Props) {
  if (list.entries.length === 0) return grade ? <FinalGrade grade={grade} /> : null;
  return (
    <>
      {grade ? <FinalGrade grade={grade} /> : null}
      <SubmissionList {...list} />
    </>
  );
}

function SubmissionList({
  entries,
  statementView,
  showLanguage,
  disabled,
  onLoad,
}: Omit<Props, 'grade'>) {
  return (
    <details className="submission-history" data-testid="submission-history">
      <summary>{messages.historyHeading.replace('{count}', String(entries.length))}</summary>
      <ol className="submission-history__list">
        {entries.map((entry) => (
          <li key={entry.submissionId} className="submission-history__item">
            <time dateTime={entry.createdAt}>{timeOf(entry)}</time>
            {showLanguage ? <span>{LANGUAGE_LABELS[entry.language]}</span> : null}
            <span className="submission-history__outcome">
              <Outcome entry={entry} />
            </span>
            <button
              type="button"
              className="button button--secondary"
              disabled={disabled}
              aria-label={messages.historyLoadLabel.replace('{time}', timeOf(entry))}
              onClick={() => onLoad(entry)}
            >
              {messages.historyLoad}
            </button>
            {entry.feedback ? (
              <SubmissionFeedback
                feedback={entry.feedback}
                code={entry.code}
                statementView={statementView}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
