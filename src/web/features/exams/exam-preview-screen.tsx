/**
 * "Preview as a student" (`/exams/$examCode?preview=1`, the teacher's session): the exam screen as
 * a student sees it, from GET examPreviewPath, which records nothing. Every challenge of a pool is
 * listed (a student gets one of them). Where a student has the compiler page, the teacher reads
 * the challenge's statement, with no editor, Run or Submit: nothing here can start an attempt.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Challenge } from '../../../contract/challenges.ts';
import type { ExamPreview } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';
import { serverClock } from '../../ui/server-clock.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { useCountdown } from '../../ui/use-countdown.ts';
import { ExamHeader } from './exam-header.tsx';
import { ExamInstructions } from './exam-instructions.tsx';
import { fetchExamPreview, getChallenge } from './exams-api.ts';
import { InstructionsPanel } from './instructions-panel.tsx';
import { ProblemList, type ProblemEntry } from './problem-list.tsx';
import { totalLabel } from './problem-state.ts';
import { challengeImageUrl } from '../../../contract/challenge-images.ts';
import { fetchBlob } from '../../lib/fetch-blob.ts';
import type { LoadStatementImage, StatementView } from '../../ui/statement-view.ts';
import './exams.css';

type Props = {
  token: string;
  examCode: string;
  /** The statements' renderer (features/statement), handed down by the route. */
  statementView: StatementView;
};

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; preview: ExamPreview; receivedAt: number };

export function ExamPreviewScreen({ token, examCode, statementView }: Props) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetchExamPreview(token, examCode).then(
      (preview) => live && setLoaded({ status: 'ready', preview, receivedAt: Date.now() }),
      (error: unknown) =>
        live &&
        setLoaded({
          status: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      live = false;
    };
  }, [token, examCode]);

  if (loaded.status === 'loading')
    return (
      <p className="exam-message" role="status">
        {messages.examOpening}
      </p>
    );
  if (loaded.status === 'failed')
    return (
      <p className="card exam-message" role="alert">
        {loaded.message}
      </p>
    );
  return (
    <PreviewWorkspace
      token={token}
      preview={loaded.preview}
      receivedAt={loaded.receivedAt}
      statementView={statementView}
    />
  );
}

function PreviewWorkspace({
  token,
  preview,
  receivedAt,
  statementView,
}: {
  token: string;
  preview: ExamPreview;
  receivedAt: number;
  statementView: StatementView;
}) {
  const [current, setCurrent] = useState('instructions');
  const [clock] = useState(() => serverClock(preview.serverNow, receivedAt));
  const remaining = useCountdown(Date.parse(preview.deadline), clock, noop);
  const entries: ProblemEntry[] = preview.problems.map((problem) => ({
    id: problem.challengeId,
    ordinal: problem.ordinal,
    name: problem.challengeName,
    points: problem.points,
    detail:
      problem.poolOf > 1
        ? messages.previewPoolOf.replace('{count}', String(problem.poolOf))
        : messages.slotFixed,
  }));
  return (
    <div className="exam-screen">
      <ExamHeader
        examCode={preview.examCode}
        title={preview.title}
        total={totalLabel(null, preview.totalPoints)}
        remainingMs={remaining}
      />
      <p className="exam-banner" role="note" data-testid="exam-preview">
        {messages.examPreviewBanner}
      </p>
      <div className="exam-body">
        <ProblemList entries={entries} current={current} onChoose={setCurrent} />
        <div className="exam-stage">
          {current === 'instructions' ? (
            <InstructionsPanel exam={preview} onOpen={setCurrent} statementView={statementView} />
          ) : (
            <PreviewProblem
              key={current}
              token={token}
              challengeId={current}
              statementView={statementView}
            />
          )}
        </div>
      </div>
    </div>
  );
}

const noop = () => undefined;

type PreviewProblemProps = { token: string; challengeId: string; statementView: StatementView };

function PreviewProblem({ token, challengeId, statementView }: PreviewProblemProps) {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  // The statement's images, read with the administrator's token as the challenge form does.
  const loadImage = useMemo<LoadStatementImage>(
    () => (name, signal) => fetchBlob(challengeImageUrl(challengeId, name), { token, signal }),
    [token, challengeId],
  );
  useEffect(() => {
    let live = true;
    getChallenge(token, challengeId).then(
      (found) => live && setChallenge(found),
      (error: unknown) => showFailure(error),
    );
    return () => {
      live = false;
    };
  }, [token, challengeId]);
  if (!challenge)
    return (
      <p className="exam-panel muted" role="status">
        {messages.previewLoadingStatement}
      </p>
    );
  return (
    <section className="exam-panel" aria-labelledby="preview-problem-heading">
      <h2 id="preview-problem-heading" className="exam-panel__title">
        {challenge.challengeName}
      </h2>
      <p className="muted">
        <span className="mono">{challenge.challengeId}</span> · {challenge.language} ·{' '}
        {challenge.difficultyLev}
      </p>
      <ExamInstructions
        markdown={challenge.challengeDesc}
        label={challenge.challengeName}
        view={statementView}
        loadImage={loadImage}
      />
      <p className="exam-note">{messages.previewProblemNote}</p>
    </section>
  );
}
