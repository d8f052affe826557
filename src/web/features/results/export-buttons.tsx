/**
 * Download .xlsx / .csv of the results with the filters and sort on screen. The file comes through
 * fetch with the admin's token (a plain link could not send it); failures become the error toast.
 */
import { useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { ResultsFilterQuery } from '../../../contract/results.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { downloadResults } from './results-api.ts';

type Props = { token: string; challengeId: string; query: ResultsFilterQuery };

export function ExportButtons({ token, challengeId, query }: Props) {
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);

  async function download(format: 'xlsx' | 'csv') {
    if (busy) return;
    setBusy(format);
    try {
      await downloadResults(token, challengeId, query, format);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="actions results-export">
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy !== null}
        aria-describedby="results-export-hint"
        onClick={() => void download('xlsx')}
      >
        {busy === 'xlsx' ? messages.downloading : messages.downloadXlsx}
      </button>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy !== null}
        aria-describedby="results-export-hint"
        onClick={() => void download('csv')}
      >
        {busy === 'csv' ? messages.downloading : messages.downloadCsv}
      </button>
      <p id="results-export-hint" className="visually-hidden">
        {messages.exportHint}
      </p>
    </div>
  );
}
