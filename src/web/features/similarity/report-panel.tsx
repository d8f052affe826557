/**
 * One challenge's report: the threshold, what was compared, and the ranked pairs, or a line
 * saying no pair reaches the threshold. The server keeps the report until the submissions
 * change, so moving the threshold asks again without a new computation. With an exam (issue 31)
 * it is the report of the challenge as that exam's problem, and says so. The legend says what a
 * score does and does not prove, and the challenge's similarity settings sit beside it (issue 37).
 */
import { Field } from '@ark-ui/react/field';
import { useCallback, type ReactNode } from 'react';
import { messages } from '../../../contract/messages.ts';
import { SIMILARITY_MIN_THRESHOLD, type SimilarityReport } from '../../../contract/similarity.ts';
import { LANGUAGE_LABELS } from '../../../contract/verdicts.ts';
import { AnswerState } from './answer-state.tsx';
import { PairsTable } from './pairs-table.tsx';
import { SettingsForm } from './settings-form.tsx';
import { fetchReport } from './similarity-api.ts';
import { useAnswer } from '../../ui/use-answer.ts';

const THRESHOLDS = [SIMILARITY_MIN_THRESHOLD, 30, 40, 50, 60, 70, 80, 90];

type Props = {
  token: string;
  challengeId: string;
  /** The exam whose students who were given the challenge are compared. */
  examCode?: string | undefined;
  threshold: number;
  onThreshold: (threshold: number) => void;
  focusPair?: string;
};

export function ReportPanel({
  token,
  challengeId,
  examCode,
  threshold,
  onThreshold,
  focusPair,
}: Props) {
  const load = useCallback(
    (signal: AbortSignal) => fetchReport(token, challengeId, threshold, examCode, signal),
    [token, challengeId, threshold, examCode],
  );
  const { answer, retry } = useAnswer(load);
  return (
    <div className="similarity__report">
      <Field.Root className="field similarity__threshold">
        <Field.Label className="field__label">{messages.similarityThresholdLabel}</Field.Label>
        <Field.Select
          className="field__input field__select"
          name="threshold"
          value={String(threshold)}
          onChange={(event) => onThreshold(Number(event.target.value))}
        >
          {THRESHOLDS.map((percent) => (
            <option key={percent} value={percent}>
              {messages.similarityThresholdOption.replace('{percent}', String(percent))}
            </option>
          ))}
        </Field.Select>
      </Field.Root>
      <AnswerState answer={answer} loadingText={messages.similarityLoading} retry={retry}>
        {(report) => (
          <Report
            report={report}
            focusPair={focusPair}
            settings={
              <SettingsForm
                key={report.computedAt}
                token={token}
                challengeId={challengeId}
                settings={report.settings}
                onSaved={retry}
              />
            }
          />
        )}
      </AnswerState>
    </div>
  );
}

type ReportProps = { report: SimilarityReport; focusPair?: string; settings: ReactNode };

function Report({ report, focusPair, settings }: ReportProps) {
  return (
    <>
      <section className="similarity__meaning" aria-labelledby="similarity-meaning">
        <h3 id="similarity-meaning" className="similarity__meaning-title">
          {messages.similarityMeaningTitle}
        </h3>
        <p data-testid="similarity-meaning">{messages.similarityMeaning}</p>
        <p>{messages.similarityMinimumNote.replace('{minimum}', String(report.minimumTokens))}</p>
      </section>
      {settings}
      {report.exam ? (
        <p data-testid="similarity-exam">
          {messages.similarityExamScope
            .replace('{code}', report.exam.examCode)
            .replace('{title}', report.exam.title)}
        </p>
      ) : null}
      <p className="muted" data-testid="similarity-compared">
        {messages.similarityCompared
          .replace('{compared}', String(report.compared))
          .replace('{time}', new Date(report.computedAt).toLocaleString())}
      </p>
      {report.skipped.map((skip) => (
        <p key={skip.language} className="muted">
          {messages.similaritySkipped
            .replace('{language}', LANGUAGE_LABELS[skip.language])
            .replace('{count}', String(skip.count))}
        </p>
      ))}
      {report.pairs.length === 0 ? (
        <p className="similarity__empty" role="status">
          {messages.similarityNoPairs}
        </p>
      ) : (
        <>
          {report.totalPairs > report.pairs.length ? (
            <p className="muted">
              {messages.similarityShowing
                .replace('{shown}', String(report.pairs.length))
                .replace('{total}', String(report.totalPairs))}
            </p>
          ) : null}
          <PairsTable report={report} focusPair={focusPair} />
        </>
      )}
    </>
  );
}
