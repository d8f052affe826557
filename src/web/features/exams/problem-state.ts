/**
 * What the exam screen's list says of each problem: not opened, opened, draft saved, submitted,
 * and the score when the server gives one. The server knows what was opened and submitted; only
 * this computer knows about a draft (drafts live in IndexedDB until they are submitted), about a
 * submission made offline and still waiting for the network, and about a problem opened here
 * before the network came back. A waiting submission is said first (the student must stay until
 * it is sent), then submitted over a draft: what counts is on the server.
 */
import type { StudentExamProblem } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';

export type ProblemStatus = 'not-opened' | 'opened' | 'draft' | 'submitted' | 'queued';

export function problemStatus(
  problem: Pick<StudentExamProblem, 'state' | 'submissionCount'>,
  local: { drafted: boolean; openedHere: boolean; queued?: boolean },
): ProblemStatus {
  if (local.queued) return 'queued';
  if (problem.state === 'submitted' || problem.submissionCount > 0) return 'submitted';
  if (local.drafted) return 'draft';
  if (problem.state === 'opened' || local.openedHere) return 'opened';
  return 'not-opened';
}

const statusLabels: Record<ProblemStatus, string> = {
  'not-opened': messages.stateNotOpened,
  opened: messages.stateOpened,
  draft: messages.stateDraft,
  submitted: messages.stateSubmitted,
  queued: messages.stateQueued,
};

/** One score: at most one decimal, none when whole (points scale a challenge's own score). */
export function formatPoints(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** "Draft saved", "Submitted · 40 / 50"; the score only once the server gives one. */
export function problemStateLabel(
  status: ProblemStatus,
  problem: Pick<StudentExamProblem, 'score' | 'points'>,
): string {
  const label = statusLabels[status];
  if (problem.score === null) return label;
  const score = messages.stateScore
    .replace('{score}', formatPoints(problem.score))
    .replace('{points}', String(problem.points));
  return `${label} · ${score}`;
}

/** The exam's total as the screen shows it: "— / 100" until the server has one. */
export function totalLabel(total: number | null, totalPoints: number): string {
  return total === null
    ? messages.examTotalNone.replace('{points}', String(totalPoints))
    : messages.examTotalValue
        .replace('{total}', formatPoints(total))
        .replace('{points}', String(totalPoints));
}
