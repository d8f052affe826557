/**
 * The most frequent wrong outputs per test, each test folded (a <details>: keyboard-usable, no
 * script): identical outputs grouped, how many students printed each, and the start of it with
 * its whitespace kept. The whole output of one student is in their submissions dialog.
 */
import {
  statisticsMessages,
  type ChallengeStatistics,
} from '../../../../contract/grading-statistics.ts';
import { testName } from './test-statistics-table.tsx';

export function WrongOutputs({ stats }: { stats: ChallengeStatistics }) {
  const tests = stats.tests.filter((t) => t.wrongOutputs.length > 0);
  if (tests.length === 0) return <p className="muted">{statisticsMessages.wrongOutputsNone}</p>;
  return (
    <div className="stats-wrong" data-testid="statistics-wrong-outputs">
      {tests.map((test) => (
        <details key={test.index} className="stats-wrong__test">
          <summary className="stats-wrong__summary">
            {(test.wrongOutputGroups === 1
              ? statisticsMessages.wrongOutputsSummaryOne
              : statisticsMessages.wrongOutputsSummary
            )
              .replace('{test}', testName(test))
              .replace('{groups}', String(test.wrongOutputGroups))}
          </summary>
          <ol className="stats-wrong__list">
            {test.wrongOutputs.map((output, i) => (
              <li key={i} className="stats-wrong__item">
                <span className="stats-wrong__count">
                  {output.count === 1
                    ? statisticsMessages.wrongOutputCountOne
                    : statisticsMessages.wrongOutputCount.replace('{count}', String(output.count))}
                </span>
                <pre className="stats-wrong__sample">
                  {output.sample === '' ? (
                    <span className="muted">{statisticsMessages.emptyOutput}</span>
                  ) : (
                    output.sample
                  )}
                  {output.shortened ? (
                    <span className="muted">{statisticsMessages.wrongOutputCut}</span>
                  ) : null}
                </pre>
              </li>
            ))}
          </ol>
        </details>
      ))}
    </div>
  );
}
