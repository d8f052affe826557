/** Each sample test's verdict, with its input, the expected and the actual output. */
import type { SampleOutcome } from '../../../contract/compiler.ts';
import { messages } from '../../../contract/messages.ts';
import { runTimeText } from '../../ui/run-time.ts';
import { formatMemory } from './measures.ts';
import { OutputBlock } from './output-block.tsx';
import { VerdictBadge } from './verdict-badge.tsx';

export function SampleOutcomes({ samples }: { samples: SampleOutcome[] }) {
  return (
    <ol className="sample-outcomes">
      {samples.map((s) => (
        <li key={s.index} className="sample-outcome" data-testid="sample-outcome">
          <details open={s.verdict !== 'Accepted'}>
            <summary>
              {messages.sampleNumber.replace('{n}', String(s.index + 1))}:{' '}
              <VerdictBadge verdict={s.verdict} />{' '}
              <span className="muted">
                {runTimeText(s.timeMs, s.verdict)} · {formatMemory(s.memoryBytes)}
              </span>
            </summary>
            <div className="sample-outcome__grid">
              <OutputBlock label={messages.sampleInput} text={s.input} />
              <OutputBlock label={messages.sampleExpected} text={s.expectedOutput} />
              <OutputBlock label={messages.sampleYourOutput} text={s.stdout} />
              {s.stderr !== '' ? (
                <OutputBlock label={messages.stderrLabel} text={s.stderr} tone="error" />
              ) : null}
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
