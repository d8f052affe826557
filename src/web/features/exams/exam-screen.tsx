/**
 * The student's exam screen (`/exams/$examCode`, issue 31 item 3): one countdown for the exam, the
 * instructions, the list of problems with each one's state, the chosen problem's compiler page
 * (the existing one, so Run, Submit, history and signals work per problem) and "Finish exam" with
 * a confirmation, after which the screen shows the exam finished. Opened from this computer's copy
 * when the network is gone (use-student-exam.ts).
 */
import { releaseMessages } from '../../../contract/result-release.ts';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { CompilerEvent } from '../../../contract/compiler-events.ts';
import { examMessages, type StudentExam } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import type { UserSession } from '../../../contract/session.ts';
import { useOnline } from '../../lib/online.ts';
import { problemScope } from '../../lib/problem-scope.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { ServerClock } from '../../ui/server-clock.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { showError } from '../../ui/toast.ts';
import { useCountdown } from '../../ui/use-countdown.ts';
import { ExamFrames } from './exam-frames.tsx';
import { ExamHeader } from './exam-header.tsx';
import { clockTime, InstructionsPanel } from './instructions-panel.tsx';
import { ProblemList, type ProblemEntry } from './problem-list.tsx';
import { problemStateLabel, problemStatus, totalLabel } from './problem-state.ts';
import { useLocalWork } from './use-local-work.ts';
import { isFinishedRefusal, useStudentExam } from './use-student-exam.ts';
import type { StatementView } from '../../ui/statement-view.ts';
import { useLiveDeadline, type FollowDeadline } from '../../lib/use-live-deadline.ts';
import type { SittingTimer } from '../../../contract/sittings.ts';
import { followExamTimer, openExam } from './student-exam-api.ts';
import { isPasswordRefusal } from '../../../contract/access-rules.ts';
import { SittingPasswordPrompt } from '../../ui/sitting-password-prompt.tsx';
import { createNoticesCursor } from '../../lib/notices-cursor.ts';
import type { NoticesView } from '../../ui/notices-view.ts';
import { ExamNotices } from './exam-notices.tsx';
import './exams.css';

type Props = {
  session: UserSession;
  examCode: string;
  /** The instructions' renderer (features/statement), handed down by the route. */
  statementView: StatementView;
  /** The notices panel (features/notices), handed down by the route; none: no panel. */
  noticesView?: NoticesView;
};

export function ExamScreen({ session, examCode, statementView, noticesView }: Props) {
  const { state, refresh, finish, retry } = useStudentExam(session, examCode);
  // The notices cursor rides on the exam's one timer long poll (issue 32 item 5).
  const [notices] = useState(createNoticesCursor);
  const followDeadline = useCallback(
    async (known: string, signal: AbortSignal, problem?: string) => {
      const knownNotices = noticesView ? notices.known() : undefined;
      const timer = await followExamTimer(session, examCode, known, signal, {
        knownNotices,
        problem,
      });
      notices.heard(timer.notices);
      return timer;
    },
    [session, examCode, notices, noticesView],
  );
  if (state.status === 'loading')
    return (
      <p className="exam-message" role="status">
        {messages.examOpening}
      </p>
    );
  if (state.status === 'failed' && isPasswordRefusal(state.message))
    // The exam's sitting password (access rules): typed once, then the exam opens as usual.
    return (
      <div className="exam-message">
        <SittingPasswordPrompt
          message={state.message}
          submit={async (password) => {
            await openExam(session, examCode, undefined, password);
            retry();
          }}
        />
      </div>
    );
  if (state.status === 'failed')
    return isFinishedRefusal(state.message) ? (
      <FinishedCard />
    ) : (
      <div className="card exam-message" role="alert">
        <p>{state.message}</p>
        <div className="actions">
          <button type="button" className="button button--secondary" onClick={retry}>
            {messages.tryAgain}
          </button>
          <Link to="/" className="button button--ghost">
            {messages.examBackToStart}
          </Link>
        </div>
      </div>
    );
  return (
    <ExamWorkspace
      owner={session.id}
      exam={state.exam}
      clock={state.clock}
      offline={state.offline}
      offlineReady={state.offlineReady}
      frames={state.frames}
      onJudged={refresh}
      onFinish={finish}
      statementView={statementView}
      followDeadline={followDeadline}
      noticesPanel={
        noticesView ? (
          <ExamNotices
            view={noticesView}
            session={session}
            examCode={examCode}
            problems={state.exam.problems}
            cursor={notices}
            markdownView={statementView}
          />
        ) : null
      }
    />
  );
}

type WorkspaceProps = {
  owner: string;
  exam: StudentExam;
  clock: ServerClock;
  offline: boolean;
  offlineReady: boolean;
  frames: Readonly<Record<string, string>>;
  onJudged: () => void;
  onFinish: () => Promise<void>;
  statementView: StatementView;
  /**
   * The exam's timer followed live: a stop, a reopen or extra time shows without a reload. The
   * poll names the selected problem (the proctor view's "current problem").
   */
  followDeadline: (
    ...args: [...Parameters<FollowDeadline>, problem?: string]
  ) => ReturnType<FollowDeadline>;
  /** Announcements and questions, under the bar. */
  noticesPanel?: ReactNode;
};

function ExamWorkspace({
  owner,
  exam,
  clock,
  offline,
  offlineReady,
  frames,
  onJudged,
  onFinish,
  statementView,
  followDeadline,
  noticesPanel,
}: WorkspaceProps) {
  const online = useOnline();
  const [current, setCurrent] = useState<string>('instructions');
  const [opened, setOpened] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const finished = exam.finishedAt !== null;
  // Followed when finished too: a teacher may reopen the attempt (or reset a running one); the
  // screen then opens the exam again, which shows it working (or begins the new attempt).
  const onTimer = useCallback(
    (timer: SittingTimer) => {
      // The attempt's state changed (reopened, or finished elsewhere): open the exam again.
      if ((timer.finishedAt !== null) !== finished) onJudged();
    },
    [finished, onJudged],
  );
  // A new selection is a new function: the hook starts a new poll, which tells the server.
  const problem = current === 'instructions' ? undefined : current;
  const follow = useCallback<FollowDeadline>(
    (known, signal) => followDeadline(known, signal, problem),
    [followDeadline, problem],
  );
  const deadline = useLiveDeadline(exam.deadline, follow, true, onTimer);
  const remaining = useCountdown(Date.parse(deadline), clock, noop);

  const scopes = useMemo(
    () => exam.problems.map((p) => problemScope(p.challengeId, exam.examCode)),
    [exam.problems, exam.examCode],
  );
  const local = useLocalWork(owner, scopes);

  const choose = useCallback((id: string) => {
    setCurrent(id);
    if (id !== 'instructions') setOpened((list) => (list.includes(id) ? list : [...list, id]));
  }, []);

  const onEvent = useCallback(
    (event: CompilerEvent) => {
      // A judged submission changes the problem's state and score and the total.
      if (event.type === 'submitted' || event.type === 'withheld') onJudged();
    },
    [onJudged],
  );

  const entries: ProblemEntry[] = exam.problems.map((problem, index) => {
    const scope = scopes[index] ?? '';
    const status = problemStatus(problem, {
      drafted: local.drafted.has(scope),
      queued: local.queued.has(scope),
      openedHere: opened.includes(problem.challengeId),
    });
    return {
      id: problem.challengeId,
      ordinal: problem.ordinal,
      name: problem.challengeName,
      points: problem.points,
      detail: problemStateLabel(status, problem),
      tone:
        status === 'submitted'
          ? 'done'
          : status === 'draft' || status === 'queued'
            ? 'draft'
            : undefined,
    };
  });

  function askToFinish() {
    if (!navigator.onLine) {
      showError(messages.finishNeedsNetwork);
      return;
    }
    // Finished first, a submission still queued on this computer would be refused when sent.
    if (local.queued.size > 0) {
      showError(messages.confirmFinishPending);
      return;
    }
    setAsking(true);
  }

  async function confirmFinish() {
    setAsking(false);
    setFinishing(true);
    try {
      await onFinish();
    } catch (error) {
      showFailure(error);
    } finally {
      setFinishing(false);
    }
  }

  // Not released (result-release.ts): the neutral words instead of a total.
  const total =
    exam.released === false
      ? releaseMessages.notReleased
      : totalLabel(exam.total, exam.totalPoints);
  return (
    <div className="exam-screen">
      <ExamHeader
        examCode={exam.examCode}
        title={exam.title}
        total={total}
        remainingMs={finished ? null : remaining}
        action={
          finished ? null : (
            <button
              type="button"
              className="button button--primary"
              disabled={finishing}
              onClick={askToFinish}
            >
              {finishing ? messages.finishingExam : messages.finishExam}
            </button>
          )
        }
      />
      {noticesPanel}
      {offline ? (
        <p className="exam-banner" role="status" data-testid="exam-offline">
          {messages.examOfflineCopy}
        </p>
      ) : null}
      {finished ? (
        <div className="exam-body">
          <ProblemList entries={entries} current="" />
          <FinishedCard finishedAt={exam.finishedAt} />
        </div>
      ) : (
        <div className="exam-body">
          <ProblemList
            entries={entries}
            current={current}
            onChoose={choose}
            footer={
              offlineReady ? (
                <p className="exam-nav__note" data-testid="exam-offline-ready">
                  {messages.examReadyOffline}
                </p>
              ) : null
            }
          />
          <div className="exam-stage">
            {current === 'instructions' ? (
              <InstructionsPanel exam={exam} onOpen={choose} statementView={statementView} />
            ) : null}
            <ExamFrames
              problems={exam.problems}
              frames={frames}
              opened={opened}
              chosen={current === 'instructions' ? null : current}
              online={online && !offline}
              onEvent={onEvent}
              deadline={deadline}
            />
          </div>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={messages.confirmFinishTitle}
        confirmLabel={messages.finishExam}
        onConfirm={() => void confirmFinish()}
        onCancel={() => setAsking(false)}
      >
        {messages.confirmFinishText}
      </ConfirmDialog>
    </div>
  );
}

const noop = () => undefined;
function FinishedCard({ finishedAt }: { finishedAt?: string | null }) {
  return (
    <section className="card exam-message" aria-labelledby="exam-finished-heading">
      <h2 id="exam-finished-heading">{messages.examFinishedTitle}</h2>
      <p data-testid="exam-finished">{examMessages.examFinished}</p>
      {finishedAt ? (
        <p className="muted">{messages.examFinishedAt.replace('{time}', clockTime(finishedAt))}</p>
      ) : null}
      <Link to="/" className="button button--secondary">
        {messages.examBackToStart}
      </Link>
    </section>
  );
}
