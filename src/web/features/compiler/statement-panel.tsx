/**
 * The challenge as the student reads it: the statement (Markdown, math and images, rendered by
 * the renderer the route hands over), limits, points and the sample tests.
 */
import { useMemo } from 'react';
import { describeCompareRule } from '../../../contract/compare-rule-text.ts';
import type { CompilerChallenge } from '../../../contract/compiler.ts';
import { messages } from '../../../contract/messages.ts';
import type { StatementView } from '../../ui/statement-view.ts';
import type { CompilerCredentials } from './compiler-api.ts';
import { formatScore, formatTime } from './measures.ts';
import { OutputBlock } from './output-block.tsx';
import { statementImageLoader } from './statement-images.ts';

type Props = {
  challenge: CompilerChallenge;
  credentials: CompilerCredentials;
  statementView: StatementView;
};

export function StatementPanel({ challenge, credentials, statementView: Rendered }: Props) {
  const { challengeId, images } = challenge;
  // One loader per statement, so each image is fetched once however often the panel renders.
  const loadImage = useMemo(
    () => statementImageLoader(credentials, { challengeId, images }),
    [credentials, challengeId, images],
  );
  return (
    <section className="statement" aria-labelledby="statement-heading">
      <h2 id="statement-heading" className="statement__title">
        {messages.statementHeading}
      </h2>
      <div className="statement__text" data-testid="statement-text">
        <Rendered markdown={challenge.challengeDesc} loadImage={loadImage} />
      </div>
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
