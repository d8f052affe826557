/**
 * One submission's per-test outcomes, samples and hidden tests alike (the teacher may see hidden
 * tests' names, inputs and expected output; students never). Input, expected output and, for
 * samples, the program's output open under each row in a native disclosure (details/summary).
 */
import { describeCompareRule } from '../../../contract/compare-rule-text.ts';
import { messages } from '../../../contract/messages.ts';
import type { TeacherSubmission } from '../../../contract/results.ts';
import { memory } from './format.ts';
import { runTimeText } from '../../ui/run-time.ts';
import { VerdictText } from '../../ui/verdict-text.tsx';

export function SubmissionTests({
  submission,
  truncated,
}: {
  submission: TeacherSubmission;
  /** Indexes of tests whose input or output the server cut short. */
  truncated: ReadonlySet<number>;
}) {
  return (
    <div className="submission-tests">
      {submission.compare ? (
        <p className="muted">{describeCompareRule(submission.compare)}</p>
      ) : null}
      {submission.compileOutput ? (
        <div className="submission-tests__compile">
          <h4 className="submission__subheading">{messages.compileOutputLabel}</h4>
          <pre className="io-block">{submission.compileOutput}</pre>
        </div>
      ) : null}
      <div className="table-wrap">
        <table className="table submission-tests__table" data-testid="submission-tests">
          <caption className="visually-hidden">
            {messages.submissionNumber.replace('{n}', String(submission.number))} —{' '}
            {messages.tabTests}
          </caption>
          <thead>
            <tr>
              <th scope="col">{messages.colTest}</th>
              <th scope="col">{messages.colVerdict}</th>
              <th scope="col" className="data-table__numeric">
                {messages.colTime}
              </th>
              <th scope="col" className="data-table__numeric">
                {messages.colMemory}
              </th>
              <th scope="col" className="data-table__numeric">
                {messages.colWeight}
              </th>
              <th scope="col">{messages.colDetails}</th>
            </tr>
          </thead>
          <tbody>
            {submission.tests.map((test) => (
              <tr key={test.index} data-testid="test-row">
                <th scope="row" className="data-table__row-header">
                  {test.name}
                  {test.hidden ? <span className="tag">{messages.hiddenTest}</span> : null}
                  {test.group && test.group !== 'sample' && test.group !== 'secret' ? (
                    <span className="tag">{test.group}</span>
                  ) : null}
                </th>
                <td>
                  <VerdictText verdict={test.verdict} />
                  {test.fraction !== undefined ? (
                    <span className="muted submission-tests__share">
                      {' '}
                      {messages.partialCredit.replace(
                        '{percent}',
                        String(Math.round(test.fraction * 1000) / 10),
                      )}
                    </span>
                  ) : null}
                </td>
                <td className="data-table__numeric">{runTimeText(test.timeMs, test.verdict)}</td>
                <td className="data-table__numeric">{memory(test.memoryBytes)}</td>
                <td className="data-table__numeric">{test.weight}</td>
                <td className="submission-tests__details">
                  <details>
                    <summary>{messages.showTestData}</summary>
                    <div className="io-grid">
                      <IoBlock label={messages.testInput} text={test.input} />
                      <IoBlock label={messages.testExpectedOutput} text={test.expectedOutput} />
                      {test.stdout !== undefined ? (
                        <IoBlock label={messages.testProgramOutput} text={test.stdout} />
                      ) : (
                        <p className="muted">{messages.testHiddenOutputNotKept}</p>
                      )}
                      {test.stderr ? (
                        <IoBlock label={messages.stderrLabel} text={test.stderr} />
                      ) : null}
                      {test.judgeMessage ? (
                        <IoBlock label={messages.checkerMessageLabel} text={test.judgeMessage} />
                      ) : null}
                    </div>
                    {truncated.has(test.index) ? (
                      <p className="muted">{messages.testDataTruncated}</p>
                    ) : null}
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function IoBlock({ label, text }: { label: string; text: string }) {
  return (
    <figure className="io">
      <figcaption className="io__label">{label}</figcaption>
      <pre className="io-block">{text === '' ? messages.emptyOutput : text}</pre>
    </figure>
  );
}
