/**
 * The per-test table: each test, how many of the counted students passed it (with a bar, the
 * figure always written beside it), and its verdicts, most frequent first, each with its sign
 * (VerdictText) so colour is never the only cue.
 */
import {
  statisticsMessages,
  type ChallengeStatistics,
  type TestStatistics,
} from '../../../../contract/grading-statistics.ts';
import { VerdictText } from '../../../ui/verdict-text.tsx';

export const testName = (test: TestStatistics): string =>
  (test.hidden ? statisticsMessages.hiddenTest : statisticsMessages.sampleTest).replace(
    '{n}',
    String(test.index + 1),
  );

const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

export function TestStatisticsTable({ stats }: { stats: ChallengeStatistics }) {
  return (
    <div className="data-table__scroll stats-tests">
      <table className="table data-table__table" data-testid="statistics-tests">
        <caption className="visually-hidden">
          {`${stats.challengeName}: ${statisticsMessages.testsHeading}`}
        </caption>
        <thead>
          <tr>
            <th scope="col">{statisticsMessages.testColumn}</th>
            <th scope="col">{statisticsMessages.passedColumn}</th>
            <th scope="col">{statisticsMessages.verdictsColumn}</th>
          </tr>
        </thead>
        <tbody>
          {stats.tests.map((test) => {
            const percent = percentOf(test.passed, stats.students);
            return (
              <tr key={test.index}>
                <th scope="row">{testName(test)}</th>
                <td>
                  <div className="stats-pass">
                    <span className="stats-pass__figure">
                      {test.passed} / {stats.students} ({percent} %)
                    </span>
                    <span className="stats-pass__track" aria-hidden="true">
                      <span className="stats-pass__fill" style={{ width: `${percent}%` }} />
                    </span>
                  </div>
                </td>
                <td>
                  <ul className="stats-verdicts">
                    {test.verdicts.map((v) => (
                      <li key={v.verdict}>
                        <VerdictText verdict={v.verdict} /> {v.count}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
