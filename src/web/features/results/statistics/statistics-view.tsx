/**
 * The Statistics view (issue 34 item 2), reached from a challenge's Results and from each problem
 * of an exam's Results: per test who passes it and with which verdicts, the most frequent wrong
 * outputs, and the score distribution, for the students Results counts (narrowed to a section,
 * kept in the address like the Results view's). An addition: the spec's screens are unchanged.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import {
  statisticsMessages,
  type ChallengeStatistics,
} from '../../../../contract/grading-statistics.ts';
import { messages } from '../../../../contract/messages.ts';
import { useAnswer } from '../../../ui/use-answer.ts';
import '../../../ui/data-table.css';
import { SectionSelect } from '../section-filter.tsx';
import { ScoreHistogram } from './score-histogram.tsx';
import { fetchStatistics, type StatisticsTarget } from './statistics-api.ts';
import { TestStatisticsTable } from './test-statistics-table.tsx';
import { WrongOutputs } from './wrong-outputs.tsx';
import './statistics.css';

type Props = {
  token: string;
  /** The challenge's statistics, or with `exam` and `slot` that exam slot's. */
  challengeId?: string | undefined;
  exam?: string | undefined;
  slot?: number | undefined;
  section?: string | undefined;
};

const place = (target: StatisticsTarget) =>
  target.kind === 'challenge'
    ? { challengeId: target.challengeId }
    : { exam: target.examCode, slot: target.slot };

export function StatisticsView({ token, challengeId, exam, slot, section }: Props) {
  const target = useMemo(
    (): StatisticsTarget | undefined =>
      exam && slot !== undefined
        ? { kind: 'exam', examCode: exam, slot }
        : challengeId
          ? { kind: 'challenge', challengeId }
          : undefined,
    [challengeId, exam, slot],
  );
  if (!target) return <p className="muted">{messages.resultsPickIntro}</p>;
  return <Statistics token={token} target={target} section={section} />;
}

function Statistics({
  token,
  target,
  section,
}: {
  token: string;
  target: StatisticsTarget;
  section: string | undefined;
}) {
  const navigate = useNavigate();
  const load = useCallback(
    (signal: AbortSignal) => fetchStatistics(token, target, section, signal),
    [token, target, section],
  );
  const { answer, retry } = useAnswer(load);
  const backTo =
    target.kind === 'challenge'
      ? { view: 'results' as const, challengeId: target.challengeId, section }
      : { view: 'results' as const, exam: target.examCode, section };
  const heading =
    answer.status !== 'ready'
      ? statisticsMessages.title
      : answer.value.exam
        ? statisticsMessages.examSlotHeading
            .replace('{exam}', answer.value.exam.title)
            .replace('{slot}', String(answer.value.exam.slot))
        : answer.value.title;
  return (
    <section aria-labelledby="statistics-heading" className="dash-section stats">
      <div className="dash-section__header">
        <div>
          <p className="eyebrow">{statisticsMessages.title}</p>
          <h2 id="statistics-heading" className="dash-section__title">
            {heading}
          </h2>
        </div>
        <Link to="/adminDash" search={backTo} className="button button--secondary">
          ← {statisticsMessages.backToResults}
        </Link>
      </div>
      {answer.status === 'loading' ? (
        <p className="muted" role="status" aria-live="polite">
          {statisticsMessages.loading}
        </p>
      ) : answer.status === 'failed' ? (
        <div className="stats__error" role="alert">
          <p>{answer.message}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            {statisticsMessages.retry}
          </button>
        </div>
      ) : (
        <>
          <SectionSelect
            course={answer.value.course}
            value={section ?? ''}
            onChange={(sectionId) =>
              void navigate({
                to: '/adminDash',
                search: {
                  view: 'statistics',
                  ...place(target),
                  section: sectionId === '' ? undefined : sectionId,
                },
                replace: true,
                resetScroll: false,
              })
            }
          />
          {answer.value.challenges.map((stats) => (
            <ChallengeBlock
              key={stats.challengeId}
              stats={stats}
              named={answer.value.challenges.length > 1 || answer.value.exam !== undefined}
            />
          ))}
        </>
      )}
    </section>
  );
}

/** One challenge's figures; named when an exam's slot shows several (or any) challenges. */
function ChallengeBlock({ stats, named }: { stats: ChallengeStatistics; named: boolean }) {
  const headingId = `stats-${stats.challengeId}`;
  return (
    <article className="stats__challenge" aria-labelledby={named ? headingId : undefined}>
      {named ? (
        <h3 id={headingId} className="stats__challenge-title">
          {stats.challengeName} <span className="muted mono">{stats.challengeId}</span>
        </h3>
      ) : null}
      <p className="muted" data-testid="statistics-counted">
        {stats.students === 0
          ? statisticsMessages.noneCounted
          : statisticsMessages.counted.replace('{students}', stats.students.toLocaleString())}
      </p>
      <div className="stats__grid">
        <section className="stats__panel" aria-label={statisticsMessages.histogramHeading}>
          <h4 className="stats__panel-title">{statisticsMessages.histogramHeading}</h4>
          <ScoreHistogram bins={stats.histogram} students={stats.students} />
        </section>
        <section className="stats__panel" aria-label={statisticsMessages.wrongOutputsHeading}>
          <h4 className="stats__panel-title">{statisticsMessages.wrongOutputsHeading}</h4>
          <WrongOutputs stats={stats} />
        </section>
      </div>
      <h4 className="stats__panel-title">{statisticsMessages.testsHeading}</h4>
      <TestStatisticsTable stats={stats} />
    </article>
  );
}
