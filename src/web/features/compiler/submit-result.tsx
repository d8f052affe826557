/**
 * A judged submission: verdict, score, best score, samples in full, hidden tests as counts, and,
 * for a challenge with test groups, each group's tests and points (counts only: which hidden test
 * failed is never said).
 */
import type { GroupResult, SubmissionResult } from '../../../contract/compiler.ts';
import { messages } from '../../../contract/messages.ts';
import { releaseMessages } from '../../../contract/result-release.ts';
import type { FinishedSubmission } from './use-submissions.ts';
import { CompareRuleNote } from './compare-rule-note.tsx';
import { formatScore } from './measures.ts';
import { OutputBlock } from './output-block.tsx';
import { SampleOutcomes } from './sample-outcomes.tsx';
import { VerdictBadge } from './verdict-badge.tsx';

/** The judge is done, but the results are not released yet: the samples only. */
function Withheld({ result }: { result: Extract<FinishedSubmission, { status: 'withheld' }> }) {
  return (
    <section
      className="result-panel"
      aria-labelledby="submit-result-heading"
      data-testid="submit-result"
    >
      <h2 id="submit-result-heading" className="result-panel__title">
        {messages.submitResultHeading}
      </h2>
      <p data-testid="not-released">{releaseMessages.notReleased}</p>
      {result.compileOutput ? (
        <OutputBlock label={messages.compileOutputLabel} text={result.compileOutput} tone="error" />
      ) : null}
      {result.samples.length > 0 ? <SampleOutcomes samples={result.samples} /> : null}
    </section>
  );
}

export function SubmitResult({ result }: { result: SubmissionResult | FinishedSubmission }) {
  if ('status' in result && result.status === 'withheld') return <Withheld result={result} />;
  return <Released result={result} />;
}

function Released({ result }: { result: SubmissionResult }) {
  const hiddenVerdicts = Object.entries(result.hidden.verdicts)
    .filter(([verdict]) => verdict !== 'Accepted')
    .map(([verdict, count]) => `${verdict} × ${count}`)
    .join(', ');
  return (
    <section
      className="result-panel"
      aria-labelledby="submit-result-heading"
      data-testid="submit-result"
    >
      <h2 id="submit-result-heading" className="result-panel__title">
        {messages.submitResultHeading}: <VerdictBadge verdict={result.verdict} />
      </h2>
      <dl className="score-line">
        <div>
          <dt>{messages.scoreLabel}</dt>
          <dd data-testid="submission-score">
            {formatScore(result.score)} / {formatScore(result.maxScore)}
          </dd>
        </div>
        <div>
          <dt>{messages.bestScoreLabel}</dt>
          <dd>{formatScore(result.bestScore)}</dd>
        </div>
      </dl>
      <CompareRuleNote rule={result.compare} />
      {result.compileOutput ? (
        <OutputBlock label={messages.compileOutputLabel} text={result.compileOutput} tone="error" />
      ) : null}
      {result.samples.length > 0 ? <SampleOutcomes samples={result.samples} /> : null}
      {result.hidden.total > 0 ? (
        <p data-testid="hidden-summary">
          {messages.hiddenTestsResult
            .replace('{passed}', String(result.hidden.passed))
            .replace('{total}', String(result.hidden.total))}
          {hiddenVerdicts ? ` (${hiddenVerdicts})` : ''}
        </p>
      ) : null}
      {result.groups ? <GroupLines groups={result.groups} /> : null}
    </section>
  );
}

function GroupLines({ groups }: { groups: GroupResult[] }) {
  return (
    <div data-testid="group-results">
      <h3 className="result-panel__subtitle">{messages.groupResultsLabel}</h3>
      <ul className="group-results">
        {groups.map((g) => (
          <li key={g.name}>
            {messages.groupResultLine
              .replace('{group}', g.name)
              .replace('{passed}', String(g.passed))
              .replace('{total}', String(g.tests))
              .replace('{points}', formatScore(g.points))
              .replace('{max}', formatScore(g.maxPoints))}
            {g.scoring === 'all' ? ` · ${messages.groupScoringAll.toLowerCase()}` : ''}
            {g.skipped > 0 ? ` · ${messages.groupSkipped.replace('{n}', String(g.skipped))}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
