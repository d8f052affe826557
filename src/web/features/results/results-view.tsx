/**
 * The dashboard's Results view (issue 12): pick a challenge, watch its results live, open a
 * student's submissions, download the table, re-judge the challenge (issue 13), open its similarity
 * report (issue 17). Or pick an exam (issue 31) and watch its matrix (exam-results-view.tsx). The
 * admin's token comes in as a prop, as in every dashboard view.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { statisticsMessages } from '../../../contract/grading-statistics.ts';
import { messages } from '../../../contract/messages.ts';
import { proctorMessages } from '../../../contract/proctor.ts';
import { ChallengeSelect } from '../../ui/challenge-select.tsx';
import type { StudentRowAction } from '../../ui/student-row-action.ts';
import { ExamResultsView } from './exam-results-view.tsx';
import { ExamSelect } from './exam-select.tsx';
import { RejudgeChallenge } from './rejudge-challenge.tsx';
import { listChallenges } from './results-api.ts';
import { ResultsTable } from './results-table.tsx';
import { SignalTimelineDialog } from './signal-timeline-dialog.tsx';
import { SubmissionsDialog } from './submissions-dialog.tsx';
import type { StatementView } from '../../ui/statement-view.ts';
import { ReleasePanel } from './release-panel.tsx';
import './results.css';
import './grading.css';

type Props = {
  token: string;
  challengeId?: string;
  /** An exam's matrix instead of a challenge's table; `challengeId` is then the drill-down's. */
  exam?: string | undefined;
  student?: string;
  /** A student whose exam events (issue 17) are open. */
  signals?: string;
  /** The section of the course whose students are shown (issue 33); every student without. */
  section?: string | undefined;
  /** A last column on every student's row (accommodations), from another feature via the route. */
  rowAction?: StudentRowAction;
  /** The statement's renderer (features/statement): previews feedback notes. */
  statementView?: StatementView;
};

export function ResultsView({
  token,
  challengeId,
  exam,
  student,
  signals,
  section,
  rowAction,
  statementView,
}: Props) {
  const navigate = useNavigate();
  if (exam)
    return (
      <ExamResults
        token={token}
        exam={exam}
        student={student}
        challengeId={challengeId}
        section={section}
        rowAction={rowAction}
        statementView={statementView}
      />
    );
  // Closing a student's dialog goes back to the table as it was (same place, no new history entry).
  const backToTable = () =>
    void navigate({
      to: '/adminDash',
      search: { view: 'results', challengeId, section },
      replace: true,
      resetScroll: false,
    });
  return (
    <section aria-labelledby="results-heading" className="dash-section">
      <div className="dash-section__header">
        <h2 id="results-heading" className="dash-section__title">
          {messages.resultsTitle}
        </h2>
        <Pickers token={token} challengeId={challengeId} />
      </div>
      {challengeId ? (
        // The challenge's other views, in one row under the pickers (they wrapped one by one
        // beside them): per-test statistics (issue 34), the similarity report (issue 17) and the
        // live proctor view (issue 32).
        <nav className="results-links" aria-label={messages.resultsOtherViews}>
          <Link
            to="/adminDash"
            search={{ view: 'statistics', challengeId, section }}
            className="button button--secondary"
            data-testid="open-statistics"
          >
            {statisticsMessages.openStatistics}
          </Link>
          <Link
            to="/adminDash"
            search={{ view: 'similarity', challengeId }}
            className="button button--secondary"
          >
            {messages.similarityOpenReport}
          </Link>
          <Link
            to="/adminDash"
            search={{ view: 'proctor', challengeId }}
            className="button button--secondary"
          >
            {proctorMessages.linkLabel}
          </Link>
        </nav>
      ) : null}
      {challengeId ? (
        <div className="results__tools">
          {/* Keyed: another challenge's progress and release state are never shown under this one. */}
          <RejudgeChallenge key={challengeId} token={token} challengeId={challengeId} />
          <ReleasePanel
            key={`release-${challengeId}`}
            token={token}
            target={{ kind: 'challenge', challengeId }}
          />
        </div>
      ) : null}
      {challengeId ? (
        <ResultsTable
          token={token}
          challengeId={challengeId}
          openStudent={student}
          section={section}
          rowAction={rowAction}
        />
      ) : (
        <p className="muted">{messages.resultsPickIntro}</p>
      )}
      {challengeId && student ? (
        <SubmissionsDialog
          token={token}
          challengeId={challengeId}
          userId={student}
          statementView={statementView}
          onClose={backToTable}
        />
      ) : null}
      {challengeId && signals ? (
        <SignalTimelineDialog
          token={token}
          challengeId={challengeId}
          userId={signals}
          onClose={backToTable}
        />
      ) : null}
    </section>
  );
}

/** The view with an exam chosen: both pickers, and the exam's matrix under them. */
function ExamResults({
  token,
  exam,
  student,
  challengeId,
  section,
  rowAction,
  statementView,
}: {
  token: string;
  exam: string;
  student?: string | undefined;
  challengeId?: string | undefined;
  section?: string | undefined;
  rowAction?: StudentRowAction | undefined;
  statementView?: StatementView | undefined;
}) {
  return (
    <section aria-labelledby="results-heading" className="dash-section">
      <div className="dash-section__header">
        <h2 id="results-heading" className="dash-section__title">
          {messages.resultsTitle}
        </h2>
        <Pickers token={token} exam={exam} />
        <Link
          to="/adminDash"
          search={{ view: 'proctor', exam }}
          className="button button--secondary"
        >
          {proctorMessages.linkLabel}
        </Link>
      </div>
      <ReleasePanel
        key={`release-${exam}`}
        token={token}
        target={{ kind: 'exam', examCode: exam }}
      />
      {/* Keyed: another exam's filters and pages start afresh. */}
      <ExamResultsView
        key={exam}
        token={token}
        examCode={exam}
        openStudent={student}
        openChallenge={challengeId}
        section={section}
        rowAction={rowAction}
        statementView={statementView}
      />
    </section>
  );
}

/** What the view shows: a challenge's table or (issue 31) an exam's matrix, one or the other. */
function Pickers({
  token,
  challengeId,
  exam,
}: {
  token: string;
  challengeId?: string | undefined;
  exam?: string | undefined;
}) {
  const navigate = useNavigate();
  return (
    <div className="results-pickers">
      <ChallengeSelect
        token={token}
        challengeId={challengeId}
        list={listChallenges}
        className="results-picker"
        onChoose={(chosen) =>
          void navigate({ to: '/adminDash', search: { view: 'results', challengeId: chosen } })
        }
      />
      <ExamSelect
        token={token}
        examCode={exam}
        onChoose={(chosen) =>
          void navigate({ to: '/adminDash', search: { view: 'results', exam: chosen } })
        }
      />
    </div>
  );
}
