/** The server's answer after an upload: added, updated and rejected counts, and the rejected rows. */
import { messages } from '../../../contract/messages.ts';
import type { RosterUploadResult } from '../../../contract/roster.ts';
import { RowErrorTable } from './row-error-table.tsx';

export function UploadResult({ result }: { result: RosterUploadResult }) {
  const figures: [string, number][] = [
    [messages.rosterInserted, result.inserted],
    [messages.rosterUpdated, result.updated],
    [messages.rosterRejected, result.rejected],
  ];
  return (
    <section className="roster__result" aria-labelledby="roster-result-title">
      <h3 id="roster-result-title" className="roster__subtitle">
        {messages.rosterResultTitle}
      </h3>
      <dl className="roster__figures">
        {figures.map(([label, value]) => (
          <div key={label} className="roster__figure">
            <dt>{label}</dt>
            <dd>{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <RowErrorTable
        errors={result.errors}
        total={result.rejected}
        caption={messages.rosterResultTitle}
      />
    </section>
  );
}
