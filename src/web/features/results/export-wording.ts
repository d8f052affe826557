/**
 * What each export button will put in the file, said next to it. The table opens on "Started",
 * and an export of that view left out every student who never started without saying so: a
 * teacher took it for the gradebook. So the view's export names its filter and row count, and
 * the roster's export (everyone, scope=roster) names the roster's size.
 */
import { messages } from '../../../contract/messages.ts';
import type { ResultsFilterQuery, ResultsSummary } from '../../../contract/results.ts';
import { sectionUi } from '../../../contract/results-sections.ts';

const count = (n: number | null) => (n === null ? messages.exportCountUnknown : n.toLocaleString());

/** "This view: 12 started", "This view: 3 not started, filtered"; null count while loading. */
export function viewExportText(query: ResultsFilterQuery, total: number | null): string {
  const status = query.status ?? 'started';
  const what = (
    status === 'started'
      ? messages.exportViewStarted
      : status === 'not-started'
        ? messages.exportViewNotStarted
        : messages.exportViewAll
  ).replace('{count}', count(total));
  const filtered = [query.q, query.year, query.branch, query.college, query.sectionId].some(
    (value) => value !== undefined && value !== '',
  );
  return filtered ? messages.exportViewFiltered.replace('{what}', what) : what;
}

/**
 * Every student the server knows: those who opened the challenge and those who did not; with a
 * section chosen (issue 33), everyone in that section (the summary counts the whole challenge).
 */
export function rosterExportText(summary: ResultsSummary | null, section?: string): string {
  if (section !== undefined) return sectionUi.exportRosterSection.replace('{section}', section);
  return messages.exportRoster.replace(
    '{count}',
    count(summary ? summary.started + summary.notStarted : null),
  );
}
