/**
 * "Updated hh:mm:ss" on screen (each confirmed poll), and a polite announcement only when a poll
 * brought different results: a screen reader is told about news, not about every tick. Under the
 * challenge Results table and the exam matrix alike.
 */
import { messages } from '../../../contract/messages.ts';
import { clockTime } from './format.ts';

export function UpdatedLine({
  checkedAt,
  changedAt,
}: {
  checkedAt: Date | null;
  changedAt: Date | null;
}) {
  return (
    <>
      <p className="muted results__updated">
        <span data-testid="results-updated">
          {checkedAt
            ? messages.resultsUpdatedAt.replace('{time}', clockTime(checkedAt))
            : messages.loading}
        </span>{' '}
        · {messages.resultsLiveHint}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {changedAt ? messages.resultsAnnounced.replace('{time}', clockTime(changedAt)) : ''}
      </p>
    </>
  );
}
