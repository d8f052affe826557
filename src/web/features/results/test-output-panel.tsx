/**
 * One test of a submission, opened in the submissions dialog (issue 34 item 1): the expected
 * output against what the program printed, diffed by line and by word with whitespace drawn,
 * then its standard error. Asked of the server when the row is opened (one test at a time: each
 * output may be 64 KiB). Loaded lazily with the diff library, as the code comparison is.
 */
import { useEffect, useMemo, useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { SubmissionTestRow } from '../../../contract/results.ts';
import {
  testOutputMessages as text,
  type CapturedText,
  type TestOutput,
} from '../../../contract/test-outputs.ts';
import { OutputDiffTable, Glyphs } from './output-diff-view.tsx';
import { outputDiff } from './output-diff.ts';

type Props = {
  test: SubmissionTestRow;
  load: (index: number, signal: AbortSignal) => Promise<TestOutput>;
};

type Answer = { state: 'loaded'; output: TestOutput } | { state: 'failed'; message: string };

export default function TestOutputPanel({ test, load }: Props) {
  // The answer for the loader it came from: another loader (a re-judge) shows loading again.
  const [settled, setSettled] = useState<{ from: Props['load']; answer: Answer } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    load(test.index, abort.signal).then(
      (output) => setSettled({ from: load, answer: { state: 'loaded', output } }),
      (error: unknown) => {
        if (!abort.signal.aborted)
          setSettled({
            from: load,
            answer: { state: 'failed', message: (error as Error).message },
          });
      },
    );
    return () => abort.abort();
  }, [load, test.index]);

  const answer = settled?.from === load ? settled.answer : null;
  if (!answer) return <p className="muted">{messages.loading}</p>;
  if (answer.state === 'failed')
    return (
      <p className="muted" role="alert">
        {answer.message}
      </p>
    );
  return <Loaded test={test} output={answer.output} />;
}

function Loaded({ test, output }: { test: SubmissionTestRow; output: TestOutput }) {
  // Results judged before outputs were kept still have their samples' output in the row.
  const kept = useMemo(
    () =>
      output.output ??
      (test.stdout === undefined
        ? null
        : {
            stdout: { text: test.stdout, cut: false },
            stderr: { text: test.stderr ?? '', cut: false },
          }),
    [output.output, test.stdout, test.stderr],
  );
  const diff = useMemo(
    () => (kept ? outputDiff(output.expected.text, kept.stdout.text) : null),
    [output.expected.text, kept],
  );
  if (!kept)
    return (
      <div className="test-output">
        <p className="muted">
          {test.verdict === 'Skipped' ? text.outputNotRun : text.outputNotKept}
        </p>
        <Block label={messages.testExpectedOutput} value={output.expected} />
      </div>
    );
  return (
    <div className="test-output">
      <div className="test-output__head">
        <h5 className="submission__subheading">{text.diffHeading}</h5>
        <p className="muted" data-testid="output-diff-stats">
          {!diff
            ? text.diffTooLarge
            : diff.differing === 0
              ? text.diffIdentical
              : text.diffStats
                  .replace('{count}', String(diff.differing))
                  .replace('{total}', String(diff.rows.length))}
        </p>
        <p className="muted test-output__legend">{text.diffLegend}</p>
      </div>
      <CutNote label={messages.testExpectedOutput} value={output.expected} />
      <CutNote label={messages.testProgramOutput} value={kept.stdout} />
      {diff ? (
        <OutputDiffTable diff={diff} label={text.diffTableLabel} />
      ) : (
        <div className="io-grid io-grid--pair">
          <Block label={messages.testExpectedOutput} value={output.expected} />
          <Block label={messages.testProgramOutput} value={kept.stdout} />
        </div>
      )}
      {kept.stderr.text === '' ? (
        <p className="muted">{text.stderrEmpty}</p>
      ) : (
        <Block label={messages.stderrLabel} value={kept.stderr} />
      )}
    </div>
  );
}

/** Says that a text is only the start of what there was. */
function CutNote({ label, value }: { label: string; value: CapturedText }) {
  if (!value.cut) return null;
  return (
    <p className="test-output__cut" data-testid="output-cut">
      <strong>{label}:</strong> {text.outputCut}
    </p>
  );
}

function Block({ label, value }: { label: string; value: CapturedText }) {
  return (
    <figure className="io">
      <figcaption className="io__label">
        {label}
        {value.cut ? <span className="tag test-output__cut-tag">{text.outputCut}</span> : null}
      </figcaption>
      <pre className="io-block">
        {value.text === '' ? messages.emptyOutput : <Glyphs text={value.text} />}
      </pre>
    </figure>
  );
}
