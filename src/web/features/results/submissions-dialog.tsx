/**
 * A student's submissions (issue 12 item 3), opened from a Results row. It is a modal dialog over
 * the table, named by the `student` search parameter, so it survives a reload and the table under
 * it keeps its scroll, sort and filters. Escape or Close returns focus to the row's link.
 * Each submission can be re-judged from its row (issue 13); its new result appears by itself.
 */
import { Dialog } from '@ark-ui/react/dialog';
import { Tabs } from '@ark-ui/react/tabs';
import { lazy, Suspense, useCallback, useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import { LANGUAGE_LABELS } from '../../../contract/verdicts.ts';
import type { StudentSubmissionsResponse, TeacherSubmission } from '../../../contract/results.ts';
import { dateTime, score } from './format.ts';
import {
  judgedAgain,
  rejudgeAnnouncement,
  RejudgeSubmissionButton,
  type RejudgeWatch,
} from './rejudge-submission.tsx';
import { SubmissionTests } from './submission-tests.tsx';
import { GradeSection } from './grade-section.tsx';
import type { GradeTarget } from './grade-api.ts';
import { fetchTestOutput } from './test-outputs-api.ts';
import { useStudentSubmissions } from './use-student-submissions.ts';
import { StudentDialog } from './student-dialog.tsx';
import { VerdictText } from '../../ui/verdict-text.tsx';
import type { StatementView } from '../../ui/statement-view.ts';
import { feedbackMessages } from '../../../contract/submission-feedback.ts';
import { FeedbackPanel } from './feedback-panel.tsx';

// CodeMirror and the diff library load only when their tab is opened.
const CodeViewer = lazy(() => import('./code-viewer.tsx'));
const DiffView = lazy(() => import('./diff-view.tsx'));

type Props = {
  token: string;
  challengeId: string;
  userId: string;
  /** Opened from an exam's matrix (issue 31): the submissions made in that exam. */
  examCode?: string | undefined;
  /** Previews the feedback note (features/statement's renderer, handed down by the route). */
  statementView?: StatementView | undefined;
  onClose: () => void;
};

export function SubmissionsDialog({
  token,
  challengeId,
  userId,
  examCode,
  statementView,
  onClose,
}: Props) {
  // Bumped after a re-judge is queued: the list is fetched at once and then follows it.
  const [refresh, setRefresh] = useState(0);
  const answer = useStudentSubmissions(token, challengeId, userId, refresh, examCode);
  const data = answer.state === 'loaded' ? answer.data : null;
  return (
    <StudentDialog
      title={messages.submissionsOf.replace('{name}', data?.student.name ?? '…')}
      className="submissions"
      testId="submissions-dialog"
      onClose={onClose}
    >
      {answer.state === 'loaded' ? (
        <DialogBody
          token={token}
          statementView={statementView}
          data={answer.data}
          target={{ challengeId, userId, examCode }}
          onRejudgeQueued={() => setRefresh((n) => n + 1)}
        />
      ) : answer.state === 'failed' ? (
        <p className="muted">{answer.message}</p>
      ) : (
        <p className="muted">{messages.loading}</p>
      )}
    </StudentDialog>
  );
}

function DialogBody({
  token,
  statementView,
  data,
  target,
  onRejudgeQueued,
}: {
  token: string;
  statementView: StatementView | undefined;
  data: StudentSubmissionsResponse;
  target: GradeTarget;
  onRejudgeQueued: () => void;
}) {
  const { student, attempt, submissions } = data;
  const [chosen, setChosen] = useState<string | null>(null);
  // Re-judges asked for in this dialog, each with the judgedAt it had: a new one means done.
  const [watch, setWatch] = useState<RejudgeWatch>(new Map());
  const selected = submissions.find((s) => s.submissionId === chosen) ?? submissions[0] ?? null;
  const truncated = new Set(data.testCases.filter((t) => t.truncated).map((t) => t.index));

  return (
    <>
      <Dialog.Description className="dialog__description submissions__who">
        <span>{student.email}</span>
        {[student.year, student.branch, student.college]
          .filter((part): part is string => Boolean(part))
          .map((part) => (
            <span key={part}>{part}</span>
          ))}
      </Dialog.Description>
      {attempt ? (
        <dl className="results-summary results-summary--compact">
          <div className="results-summary__item">
            <dt>{messages.colStartedAt}</dt>
            <dd>{dateTime(attempt.startedAt)}</dd>
          </div>
          <div className="results-summary__item">
            <dt>{messages.colDeadline}</dt>
            <dd>{dateTime(attempt.deadline)}</dd>
          </div>
          <div className="results-summary__item">
            <dt>{messages.colBestScore}</dt>
            <dd>
              {score(attempt.bestScore)} / {data.challenge.score}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="muted">{messages.attemptNotStarted}</p>
      )}
      {/* Issue 34 item 3: graded on the standing, so only once the student opened the problem. */}
      {attempt ? <GradeSection token={token} target={target} /> : null}
      <p className="visually-hidden" role="status" aria-atomic="true">
        {rejudgeAnnouncement(submissions, watch, score)}
      </p>
      {submissions.length === 0 || !selected ? (
        <p className="muted">{messages.noSubmissionsYet}</p>
      ) : (
        <>
          <SubmissionList
            token={token}
            submissions={submissions}
            selected={selected.submissionId}
            onSelect={setChosen}
            watch={watch}
            onRejudgeQueued={(s) => {
              setWatch((current) => {
                const next = new Map(current);
                next.delete(s.submissionId);
                return next.set(s.submissionId, s.judgedAt);
              });
              onRejudgeQueued();
            }}
          />
          <SubmissionDetails
            token={token}
            statementView={statementView}
            submission={selected}
            submissions={submissions}
            truncated={truncated}
          />
        </>
      )}
    </>
  );
}

const statusText: Record<TeacherSubmission['status'], string> = {
  queued: messages.statusQueued,
  running: messages.statusRunning,
  judged: messages.statusJudged,
  failed: messages.statusFailed,
};

function SubmissionList({
  token,
  submissions,
  selected,
  onSelect,
  watch,
  onRejudgeQueued,
}: {
  token: string;
  submissions: TeacherSubmission[];
  selected: string;
  onSelect: (submissionId: string) => void;
  watch: RejudgeWatch;
  onRejudgeQueued: (submission: TeacherSubmission) => void;
}) {
  return (
    <div className="table-wrap submissions__list">
      <table className="table" data-testid="submissions-list">
        <caption className="visually-hidden">{messages.submissionsListLabel}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.submissionsListLabel}</th>
            <th scope="col">{messages.colReceived}</th>
            <th scope="col">{messages.colStatus}</th>
            <th scope="col">{messages.colVerdict}</th>
            <th scope="col" className="data-table__numeric">
              {messages.colScore}
            </th>
            <th scope="col" className="data-table__numeric">
              {messages.colPassed}
            </th>
            <th scope="col">{messages.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {submissions.map((s) => {
            const current = s.submissionId === selected;
            return (
              <tr key={s.submissionId} aria-current={current ? 'true' : undefined}>
                <th scope="row" className="data-table__row-header">
                  <button
                    type="button"
                    className="submissions__pick"
                    aria-pressed={current}
                    onClick={() => onSelect(s.submissionId)}
                  >
                    {messages.submissionNumber.replace('{n}', String(s.number))}
                  </button>
                  {s.isBest ? (
                    <span className="tag tag--best">{messages.bestSubmission}</span>
                  ) : null}
                  {judgedAgain(s, watch) ? (
                    <span className="tag">{messages.rejudgedTag}</span>
                  ) : null}
                </th>
                <td>{dateTime(s.createdAt)}</td>
                <td>{statusText[s.status]}</td>
                <td>
                  <VerdictText verdict={s.verdict} />
                </td>
                {/* A result, maybe the previous one kept while it is re-judged (issue 13). */}
                <td className="data-table__numeric">
                  {s.verdict !== null ? `${score(s.score)} / ${s.maxScore}` : messages.notAvailable}
                </td>
                <td className="data-table__numeric">
                  {s.verdict !== null ? `${s.passed} / ${s.total}` : messages.notAvailable}
                </td>
                <td>
                  <RejudgeSubmissionButton
                    token={token}
                    submission={s}
                    onQueued={onRejudgeQueued}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function SubmissionDetails({
  token,
  statementView,
  submission,
  submissions,
  truncated,
}: {
  token: string;
  statementView: StatementView | undefined;
  submission: TeacherSubmission;
  submissions: TeacherSubmission[];
  truncated: ReadonlySet<number>;
}) {
  const title = messages.submissionNumber.replace('{n}', String(submission.number));
  const { submissionId, judgedAt } = submission;
  // A new function once it is judged again, so an open test shows the new output.
  const loadOutput = useCallback(
    (index: number, signal: AbortSignal) => fetchTestOutput(token, submissionId, index, signal),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- judgedAt: fetch again after a re-judge
    [token, submissionId, judgedAt],
  );
  return (
    <section className="submission" aria-label={title}>
      <h3 className="submission__heading">
        {title} <span className="muted">· {dateTime(submission.createdAt)}</span>
      </h3>
      <Tabs.Root defaultValue="tests" lazyMount className="sub-tabs">
        <Tabs.List className="sub-tabs__list" aria-label={messages.submissionViewsLabel}>
          <Tabs.Trigger value="tests" className="sub-tabs__tab">
            {messages.tabTests}
          </Tabs.Trigger>
          <Tabs.Trigger value="code" className="sub-tabs__tab">
            {messages.tabCode}
          </Tabs.Trigger>
          <Tabs.Trigger value="compare" className="sub-tabs__tab">
            {messages.tabCompare}
          </Tabs.Trigger>
          <Tabs.Trigger value="feedback" className="sub-tabs__tab">
            {feedbackMessages.tabFeedback}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="tests" className="sub-tabs__panel">
          <SubmissionTests
            key={submissionId}
            submission={submission}
            truncated={truncated}
            loadOutput={loadOutput}
          />
        </Tabs.Content>
        <Tabs.Content value="code" className="sub-tabs__panel">
          <Suspense fallback={<p className="muted">{messages.loading}</p>}>
            <CodeViewer
              key={submission.submissionId}
              code={submission.code}
              language={submission.language}
              label={messages.codeOfSubmission
                .replace('{n}', String(submission.number))
                .replace('{language}', LANGUAGE_LABELS[submission.language])}
            />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="compare" className="sub-tabs__panel">
          <Compare
            key={submission.submissionId}
            submission={submission}
            submissions={submissions}
          />
        </Tabs.Content>
        <Tabs.Content value="feedback" className="sub-tabs__panel">
          <FeedbackPanel
            key={submission.submissionId}
            token={token}
            submissionId={submission.submissionId}
            code={submission.code}
            statementView={statementView}
          />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}

/** Picks the two submissions to compare: by default the chosen one against the one before it. */
function Compare({
  submission,
  submissions,
}: {
  submission: TeacherSubmission;
  submissions: TeacherSubmission[];
}) {
  const older = submissions.find((s) => s.number < submission.number);
  const [leftId, setLeftId] = useState<string | null>(null);
  const [rightId, setRightId] = useState<string | null>(null);
  if (submissions.length < 2) return <p className="muted">{messages.compareNeedsTwo}</p>;
  const fallbackLeft = older ?? submissions.find((s) => s.submissionId !== submission.submissionId);
  const left = submissions.find((s) => s.submissionId === leftId) ?? fallbackLeft ?? submission;
  const right = submissions.find((s) => s.submissionId === rightId) ?? submission;
  const option = (s: TeacherSubmission) => (
    <option key={s.submissionId} value={s.submissionId}>
      {messages.submissionNumber.replace('{n}', String(s.number))} · {dateTime(s.createdAt)} ·{' '}
      {s.status === 'judged' ? `${score(s.score)} / ${s.maxScore}` : statusText[s.status]}
    </option>
  );
  return (
    <div className="compare">
      <div className="compare__pickers">
        <label className="field">
          <span className="field__label">{messages.compareLeft}</span>
          <select
            className="field__input field__select"
            value={left.submissionId}
            onChange={(event) => setLeftId(event.target.value)}
          >
            {submissions.map(option)}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{messages.compareRight}</span>
          <select
            className="field__input field__select"
            value={right.submissionId}
            onChange={(event) => setRightId(event.target.value)}
          >
            {submissions.map(option)}
          </select>
        </label>
      </div>
      <Suspense fallback={<p className="muted">{messages.loading}</p>}>
        <DiffView
          before={left.code}
          after={right.code}
          leftNumber={left.number}
          rightNumber={right.number}
        />
      </Suspense>
    </div>
  );
}
