/**
 * The dashboard's Results view (issue 12): pick a challenge, watch its results live, open a
 * student's submissions, download the table, re-judge the challenge (issue 13), open its similarity
 * report (issue 17). The admin's token comes in as a prop, as in every
 * dashboard view.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { messages } from '../../../contract/messages.ts';
import { ChallengeSelect } from '../../ui/challenge-select.tsx';
import { RejudgeChallenge } from './rejudge-challenge.tsx';
import { listChallenges } from './results-api.ts';
import { ResultsTable } from './results-table.tsx';
import { SignalTimelineDialog } from './signal-timeline-dialog.tsx';
import { SubmissionsDialog } from './submissions-dialog.tsx';
import './results.css';

type Props = {
  token: string;
  challengeId?: string;
  student?: string;
  /** A student whose exam events (issue 17) are open. */
  signals?: string;
};

export function ResultsView({ token, challengeId, student, signals }: Props) {
  const navigate = useNavigate();
  // Closing a student's dialog goes back to the table as it was (same place, no new history entry).
  const backToTable = () =>
    void navigate({
      to: '/adminDash',
      search: { view: 'results', challengeId },
      replace: true,
      resetScroll: false,
    });
  return (
    <section aria-labelledby="results-heading" className="dash-section">
      <div className="dash-section__header">
        <h2 id="results-heading" className="dash-section__title">
          {messages.resultsTitle}
        </h2>
        <ChallengeSelect
          token={token}
          challengeId={challengeId}
          list={listChallenges}
          className="results-picker"
          onChoose={(chosen) =>
            void navigate({ to: '/adminDash', search: { view: 'results', challengeId: chosen } })
          }
        />
        {challengeId ? (
          // The similarity report of the same challenge (issue 17), a view of its own.
          <Link
            to="/adminDash"
            search={{ view: 'similarity', challengeId }}
            className="button button--secondary"
          >
            {messages.similarityOpenReport}
          </Link>
        ) : null}
      </div>
      {challengeId ? (
        // Keyed: another challenge's re-judge progress is never shown under this one.
        <RejudgeChallenge key={challengeId} token={token} challengeId={challengeId} />
      ) : null}
      {challengeId ? (
        <ResultsTable token={token} challengeId={challengeId} openStudent={student} />
      ) : (
        <p className="muted">{messages.resultsPickIntro}</p>
      )}
      {challengeId && student ? (
        <SubmissionsDialog
          token={token}
          challengeId={challengeId}
          userId={student}
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
