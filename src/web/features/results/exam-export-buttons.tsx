/**
 * Download the exam matrix (issue 31): .xlsx (the matrix sheet and a sheet per problem) or .csv
 * (the matrix), with the view's filters and sort, fetched with the admin's token as the challenge
 * exports are; a failure becomes the error toast. The text beside them says what the file holds.
 */
import { useId, useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { downloadExamResults, type ExamResultsPageQuery } from './results-api.ts';
import { GradebookButtons } from './gradebook-buttons.tsx';

type Format = 'xlsx' | 'csv';

type Props = {
  token: string;
  examCode: string;
  query: Omit<ExamResultsPageQuery, 'cursor'>;
};

export function ExamExportButtons({ token, examCode, query }: Props) {
  const [busy, setBusy] = useState<Format | null>(null);
  const id = useId();

  async function download(format: Format) {
    if (busy) return;
    setBusy(format);
    try {
      await downloadExamResults(token, examCode, query, format);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  }

  const button = (format: Format, label: string, name: string) => (
    <button
      type="button"
      className="button button--secondary results-export__button"
      aria-label={busy === format ? undefined : name}
      aria-disabled={busy !== null}
      aria-describedby={`${id}-hint`}
      onClick={() => void download(format)}
    >
      {busy === format ? messages.downloading : label}
    </button>
  );

  return (
    <div className="results-export" data-testid="exam-results-export">
      <div className="results-export__row" role="group" aria-labelledby={`${id}-what`}>
        <span id={`${id}-what`} className="results-export__what">
          {messages.examExportText}
        </span>
        {button('xlsx', messages.downloadXlsx, messages.examExportXlsx)}
        {button('csv', messages.downloadCsv, messages.examExportCsv)}
      </div>
      <GradebookButtons token={token} what={{ examCode }} sectionId={query.sectionId} />
      <p id={`${id}-hint`} className="visually-hidden">
        {messages.exportHint}
      </p>
    </div>
  );
}
