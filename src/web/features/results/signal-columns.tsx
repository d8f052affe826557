/**
 * The Results table's exam signal columns (issue 17): the counters of each started student and a
 * Timeline link that opens their events (the `signals` search parameter), reachable by Tab like
 * the name link, and named for a screen reader with the student's name.
 */
import { Link } from '@tanstack/react-router';
import { messages } from '../../../contract/messages.ts';
import type { ResultsRow, ResultsSortColumn } from '../../../contract/results.ts';
import type { DataColumn } from '../../ui/data-table.tsx';
import { awayText } from './signal-format.ts';

const none = messages.notAvailable;

export function signalColumns(
  challengeId: string,
  /** The section in the address (issue 33), kept while the timeline is open. */
  section?: string,
): DataColumn<ResultsRow, ResultsSortColumn>[] {
  const count = (pick: (s: NonNullable<ResultsRow['signals']>) => number) => (row: ResultsRow) =>
    row.signals ? pick(row.signals) : none;
  return [
    {
      id: 'tabChanges',
      header: messages.colTabChanges,
      numeric: true,
      cell: (row) =>
        row.signals ? (
          <span className="results__signals" data-testid="tab-changes">
            {row.signals.tabChanges}{' '}
            <Link
              to="/adminDash"
              search={{ view: 'results', challengeId, signals: row.userId, section }}
              resetScroll={false}
              className="link"
              aria-label={messages.signalTimelineLink.replace('{name}', row.name)}
            >
              {messages.signalTimelineShort}
            </Link>
          </span>
        ) : (
          none
        ),
    },
    {
      id: 'timeAway',
      header: messages.colTimeAway,
      numeric: true,
      cell: (row) => (row.signals ? awayText(row.signals.awayMs) : none),
    },
    { id: 'pastes', header: messages.colPastes, numeric: true, cell: count((s) => s.pastes) },
    {
      id: 'blockedPastes',
      header: messages.colBlockedPastes,
      numeric: true,
      cell: count((s) => s.blockedPastes),
    },
    { id: 'reloads', header: messages.colReloads, numeric: true, cell: count((s) => s.reloads) },
  ];
}
