/**
 * One submission's per-test outcomes, samples and hidden tests alike (the teacher may see hidden
 * tests' names, inputs and expected output; students never). Input, expected output and, for
 * samples, the program's output open under each row in a native disclosure (details/summary).
 * "Output and diff" opens a full-width row under the test (a disclosure button): what the
 * program printed against the expected output, asked of the server for that test only
 * (test-output-panel.tsx, issue 34 item 1).
 */
import { Fragment, lazy, Suspense, useId, useState } from 'react';
import { describeCompareRule } from '../../../contract/compare-rule-text.ts';
import { messages } from '../../../contract/messages.ts';
import type { SubmissionTestRow, TeacherSubmission } from '../../../contract/results.ts';
import { testOutputMessages, type TestOutput } from '../../../contract/test-outputs.ts';
import { memory } from './format.ts';
import { runTimeText } from '../../ui/run-time.ts';
import { VerdictText } from '../../ui/verdict-text.tsx';
import './test-output.css';

// The diff library and the panel load when a test's output is first opened.
const TestOutputPanel = lazy(() => import('./test-output-panel.tsx'));

/** Fetches one test's kept output and expected output (the dialog's, with its token). */
export type LoadTestOutput = (index: number, signal: AbortSignal) => Promise<TestOutput>;

const COLUMNS = 6;

export function SubmissionTests({
  submission,
  truncated,
  loadOutput,
}: {
  submission: TeacherSubmission;
  /** Indexes of tests whose input or output the server cut short. */
  truncated: ReadonlySet<number>;
  /** Without it (no staff session), the tests show no output rows. */
  loadOutput?: LoadTestOutput;
}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const idPrefix = useId();
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
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
            {submission.tests.map((test) => {
              const outputId = `${idPrefix}-output-${test.index}`;
              const expanded = open.has(test.index);
              return (
                <Fragment key={test.index}>
                  <tr data-testid="test-row">
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
                    <td className="data-table__numeric">
                      {runTimeText(test.timeMs, test.verdict)}
                    </td>
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
                            <IoBlock
                              label={messages.checkerMessageLabel}
                              text={test.judgeMessage}
                            />
                          ) : null}
                        </div>
                        {truncated.has(test.index) ? (
                          <p className="muted">{messages.testDataTruncated}</p>
                        ) : null}
                      </details>
                      {loadOutput ? (
                        <button
                          type="button"
                          className="button button--secondary submission-tests__output-toggle"
                          aria-expanded={expanded}
                          aria-controls={expanded ? outputId : undefined}
                          onClick={() => toggle(test.index)}
                        >
                          {testOutputMessages.showOutput}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                  {loadOutput && expanded ? (
                    <OutputRow id={outputId} test={test} load={loadOutput} />
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function OutputRow({
  id,
  test,
  load,
}: {
  id: string;
  test: SubmissionTestRow;
  load: LoadTestOutput;
}) {
  return (
    <tr id={id} className="submission-tests__output-row" data-testid="test-output-row">
      <td colSpan={COLUMNS}>
        <section
          className="submission-tests__output"
          aria-label={testOutputMessages.outputRegion.replace('{test}', test.name)}
        >
          <Suspense fallback={<p className="muted">{messages.loading}</p>}>
            <TestOutputPanel test={test} load={load} />
          </Suspense>
        </section>
      </td>
    </tr>
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
