/**
 * Download .xlsx / .csv of the results: the table's view (its filters and sort), or everyone on
 * the roster (scope=roster: started or not, whatever the filters). Each pair says what its file
 * will hold (export-wording.ts), since the view's export alone left out, unseen, every student
 * who never started. The file comes through fetch with the admin's token (a plain link could not
 * send it); failures become the error toast.
 */
import { useId, useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import type {
  ResultsExportScope,
  ResultsFilterQuery,
  ResultsSummary,
} from '../../../contract/results.ts';
import type { ResultsCourse } from '../../../contract/results-sections.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { rosterExportText, viewExportText } from './export-wording.ts';
import { downloadResults } from './results-api.ts';
import { sectionName } from './section-filter.tsx';
import { GradebookButtons } from './gradebook-buttons.tsx';

type Props = {
  token: string;
  challengeId: string;
  query: ResultsFilterQuery;
  /** Rows of the view (all pages); null until the first answer. */
  total: number | null;
  summary: ResultsSummary | null;
  /** The challenge's course: the chosen section's name for the roster's line (issue 33). */
  course?: ResultsCourse | undefined;
};

type Format = 'xlsx' | 'csv';
type Busy = `${ResultsExportScope}-${Format}` | null;

export function ExportButtons({ token, challengeId, query, total, summary, course }: Props) {
  const [busy, setBusy] = useState<Busy>(null);
  const id = useId();

  async function download(scope: ResultsExportScope, format: Format) {
    if (busy) return;
    setBusy(`${scope}-${format}`);
    try {
      await downloadResults(token, challengeId, query, format, scope);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  }

  const button = (scope: ResultsExportScope, format: Format, label: string, name?: string) => (
    <button
      type="button"
      className="button button--secondary results-export__button"
      aria-label={busy === `${scope}-${format}` ? undefined : name}
      aria-disabled={busy !== null}
      aria-describedby={`${id}-${scope}-hint`}
      onClick={() => void download(scope, format)}
    >
      {busy === `${scope}-${format}` ? messages.downloading : label}
    </button>
  );

  return (
    <div className="results-export" data-testid="results-export">
      <div className="results-export__row" role="group" aria-labelledby={`${id}-view`}>
        <span id={`${id}-view`} className="results-export__what" data-testid="export-view-text">
          {viewExportText(query, total)}
        </span>
        {button('view', 'xlsx', messages.downloadXlsx)}
        {button('view', 'csv', messages.downloadCsv)}
      </div>
      <div className="results-export__row" role="group" aria-labelledby={`${id}-roster`}>
        <span id={`${id}-roster`} className="results-export__what" data-testid="export-roster-text">
          {rosterExportText(summary, sectionName(course, query.sectionId))}
        </span>
        {button('roster', 'xlsx', messages.downloadXlsx, messages.exportRosterXlsx)}
        {button('roster', 'csv', messages.downloadCsv, messages.exportRosterCsv)}
      </div>
      <GradebookButtons token={token} what={{ challengeId }} sectionId={query.sectionId} />
      <p id={`${id}-view-hint`} className="visually-hidden">
        {messages.exportHint}
      </p>
      <p id={`${id}-roster-hint`} className="visually-hidden">
        {messages.exportRosterHint}
      </p>
    </div>
  );
}
