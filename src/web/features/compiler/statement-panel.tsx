/** The challenge as the student reads it: statement, limits, points and the sample tests. */
import { describeCompareRule } from '../../../contract/compare-rule-text.ts';
import type { CompilerChallenge } from '../../../contract/compiler.ts';
import { messages } from '../../../contract/messages.ts';
import { formatScore, formatTime } from './measures.ts';
import { OutputBlock } from './output-block.tsx';

export function StatementPanel({ challenge }: { challenge: CompilerChallenge }) {
  return (
    <section className="statement" aria-labelledby="statement-heading">
      <h2 id="statement-heading" className="statement__title">
        {messages.statementHeading}
      </h2>
      <p className="statement__text">{challenge.challengeDesc}</p>
      <dl className="statement__facts">
        <div>
          <dt>{messages.pointsLabel}</dt>
          <dd>{formatScore(challenge.score)}</dd>
        </div>
        <div>
          <dt>{messages.timeLimitPerTest}</dt>
          <dd>{formatTime(challenge.timeLimitMs)}</dd>
        </div>
        <div>
          <dt>{messages.memoryLimit}</dt>
          <dd>{challenge.memoryLimitMb} MB</dd>
        </div>
        {challenge.compare ? (
          <div>
            <dt>{messages.compareLegend}</dt>
            <dd data-testid="statement-compare-rule">{describeCompareRule(challenge.compare)}</dd>
          </div>
        ) : null}
      </dl>
      {challenge.samples.length > 0 ? (
        <>
          <h3 className="statement__subtitle">{messages.samplesHeading}</h3>
          <ol className="statement__samples">
            {challenge.samples.map((sample, i) => (
              <li key={i} className="statement__sample">
                <p className="statement__sample-name">
                  {messages.sampleNumber.replace('{n}', String(i + 1))}
                </p>
                <OutputBlock label={messages.sampleInput} text={sample.input} />
                <OutputBlock label={messages.sampleExpected} text={sample.expectedOutput} />
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {challenge.hiddenTestCount > 0 ? (
        <p className="muted">
          {challenge.hiddenTestCount === 1
            ? messages.hiddenTestNote
            : messages.hiddenTestsNote.replace('{count}', String(challenge.hiddenTestCount))}
        </p>
      ) : null}
    </section>
  );
}
