/** What the browser found in the chosen file: the row count and the rows that will be rejected. */
import { messages } from '../../../contract/messages.ts';
import type { RosterPreview } from './preview-roster.ts';
import { RowErrorTable } from './row-error-table.tsx';

const fill = (text: string, count: number) => text.replace('{count}', count.toLocaleString());

export function RosterPreviewView({ preview }: { preview: RosterPreview | 'reading' }) {
  if (preview === 'reading') {
    return (
      <p className="roster__status" role="status">
        {messages.rosterReading}
      </p>
    );
  }
  return (
    <section className="roster__preview" aria-labelledby="roster-preview-title">
      <h3 id="roster-preview-title" className="roster__subtitle">
        {messages.rosterPreviewTitle}
      </h3>
      {preview.kind === 'unavailable' ? (
        <p className="muted">{messages.rosterPreviewUnavailable}</p>
      ) : preview.kind === 'problem' ? (
        <p className="roster__problem" role="alert">
          {preview.message}
        </p>
      ) : (
        <>
          <div role="status">
            <p>{fill(messages.rosterPreviewRows, preview.rows)}</p>
            <p>{fill(messages.rosterPreviewRejected, preview.rejected.length)}</p>
          </div>
          <RowErrorTable errors={preview.rejected} caption={messages.rosterPreviewTitle} />
        </>
      )}
    </section>
  );
}
