/** What Run answered: one run on custom input, or the samples. */
import type { RunResponse } from '../../../contract/compiler.ts';
import { messages } from '../../../contract/messages.ts';
import { CompareRuleNote } from './compare-rule-note.tsx';
import { runTimeText } from '../../ui/run-time.ts';
import { formatMemory } from './measures.ts';
import { OutputBlock } from './output-block.tsx';
import { SampleOutcomes } from './sample-outcomes.tsx';
import { VerdictBadge } from './verdict-badge.tsx';

export function RunResult({ response }: { response: RunResponse }) {
  const compileOutput =
    response.mode === 'custom' ? response.result.compileOutput : response.compileOutput;
  return (
    <section className="result-panel" aria-labelledby="run-result-heading" data-testid="run-result">
      <h2 id="run-result-heading" className="result-panel__title">
        {messages.runResultHeading}:{' '}
        <VerdictBadge
          verdict={response.mode === 'custom' ? response.result.verdict : response.verdict}
        />
      </h2>
      {compileOutput ? (
        <OutputBlock label={messages.compileOutputLabel} text={compileOutput} tone="error" />
      ) : null}
      {response.mode === 'custom' ? (
        <>
          <p className="muted">
            {messages.timeTaken}: {runTimeText(response.result.timeMs, response.result.verdict)} ·{' '}
            {messages.memoryUsed}: {formatMemory(response.result.memoryBytes)}
          </p>
          <OutputBlock label={messages.stdoutLabel} text={response.result.stdout} />
          {response.result.stderr !== '' ? (
            <OutputBlock label={messages.stderrLabel} text={response.result.stderr} tone="error" />
          ) : null}
        </>
      ) : (
        <>
          <CompareRuleNote rule={response.compare} />
          <SampleOutcomes samples={response.samples} />
        </>
      )}
    </section>
  );
}
