/** The line above the table: started / submitted / full score / average / median (issue 12). */
import { messages } from '../../../contract/messages.ts';
import type { ResultsSummary as Summary } from '../../../contract/results.ts';
import { score } from './format.ts';

export function ResultsSummary({ summary, maxScore }: { summary: Summary; maxScore: number }) {
  const items: [string, string][] = [
    [messages.summaryStarted, summary.started.toLocaleString()],
    [messages.summarySubmitted, summary.submitted.toLocaleString()],
    [messages.summaryFullScore, summary.fullScore.toLocaleString()],
    [messages.summaryAverage, averageOf(summary.average, maxScore)],
    [messages.summaryMedian, averageOf(summary.median, maxScore)],
    [messages.summaryNotStarted, summary.notStarted.toLocaleString()],
  ];
  if (summary.pending > 0) items.push([messages.summaryPending, String(summary.pending)]);
  return (
    <dl
      className="results-summary"
      aria-label={messages.summaryLabel}
      data-testid="results-summary"
    >
      {items.map(([label, value]) => (
        <div key={label} className="results-summary__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function averageOf(value: number | null, maxScore: number): string {
  return value === null ? messages.notAvailable : `${score(value)} / ${maxScore}`;
}
