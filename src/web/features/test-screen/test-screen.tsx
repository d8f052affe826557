/**
 * The test screen (spec §2): the test code, what the compiler page last reported, and the
 * compiler page itself in a frame whose address the server builds from COMPILER_URL_TEMPLATE
 * (the built-in page by default, or an external provider's).
 */
import { releaseMessages } from '../../../contract/result-release.ts';
import { useEffect, useRef, useState } from 'react';
import type { CompilerEvent } from '../../../contract/compiler-events.ts';
import { messages } from '../../../contract/messages.ts';
import type { UserSession } from '../../../contract/session.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { getCompilerToken } from './test-screen-api.ts';
import { isPasswordRefusal } from '../../../contract/access-rules.ts';
import { SittingPasswordPrompt } from '../../ui/sitting-password-prompt.tsx';
import { useCompilerFrameEvents } from './compiler-frame-events.ts';
import './test-screen.css';

type Frame =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  /** The sitting password is needed (access rules): asked before the problem. */
  | { status: 'password'; message: string }
  | { status: 'ready'; url: string };

function statusText(event: CompilerEvent | undefined): string {
  if (!event) return '';
  if (event.type === 'started') return messages.testStatusStarted;
  if (event.type === 'time-up') return messages.testStatusTimeUp;
  if (event.type === 'withheld') return releaseMessages.notReleased;
  const round = (n: number) => String(Math.round(n * 100) / 100);
  return messages.testStatusSubmitted
    .replace('{score}', round(event.score))
    .replace('{maxScore}', round(event.maxScore))
    .replace('{bestScore}', round(event.bestScore));
}

export function TestScreen({
  session,
  challengeId,
}: {
  session: UserSession;
  challengeId: string;
}) {
  const [frame, setFrame] = useState<Frame>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const event = useCompilerFrameEvents(frameRef, frame.status === 'ready' ? frame.url : undefined);

  useEffect(() => {
    const controller = new AbortController();
    getCompilerToken(session, challengeId, controller.signal).then(
      (answer) =>
        setFrame(
          answer.url
            ? { status: 'ready', url: answer.url }
            : { status: 'failed', message: messages.testCouldNotOpen },
        ),
      (error: unknown) => {
        // The server refused the session (signed out everywhere, password reset): the browser
        // has signed out (session/) and this screen is leaving for step 1, so the message goes
        // to an error toast, which stays.
        if (error instanceof ApiError && error.status === 401) showFailure(error);
        if (!controller.signal.aborted) {
          const message = error instanceof Error ? error.message : messages.testCouldNotOpen;
          setFrame({ status: isPasswordRefusal(message) ? 'password' : 'failed', message });
        }
      },
    );
    return () => controller.abort();
  }, [session, challengeId, attempt]);

  return (
    <div className="test-screen">
      <div className="test-screen__bar">
        <p className="test-screen__code">
          <span className="eyebrow">{messages.testCodeEntered}</span>{' '}
          <span data-testid="challenge-id">{challengeId}</span>
        </p>
        <p className="test-screen__status" role="status" data-testid="test-status">
          {statusText(event)}
        </p>
      </div>
      {frame.status === 'ready' ? (
        <iframe
          ref={frameRef}
          className="test-screen__frame"
          title={messages.testFrameTitle.replace('{challengeId}', challengeId)}
          src={frame.url}
          allow="clipboard-read; clipboard-write"
        />
      ) : frame.status === 'password' ? (
        <div className="test-screen__message">
          <SittingPasswordPrompt
            message={frame.message}
            submit={async (password) => {
              const answer = await getCompilerToken(session, challengeId, undefined, password);
              setFrame(
                answer.url
                  ? { status: 'ready', url: answer.url }
                  : { status: 'failed', message: messages.testCouldNotOpen },
              );
            }}
          />
        </div>
      ) : frame.status === 'loading' ? (
        <p className="test-screen__message" role="status">
          {messages.testOpening}
        </p>
      ) : (
        <div className="card test-screen__message" role="alert">
          <p>{frame.message}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setFrame({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {messages.tryAgain}
          </button>
        </div>
      )}
    </div>
  );
}
