/**
 * The compiler pages of the exam's problems, each in its own frame, as the single test screen
 * embeds one (test-screen.tsx). A problem's frame is made the first time it is opened and then
 * kept, hidden while another problem is shown: switching never reloads a page, so nothing typed
 * is lost, a problem keeps working with the network gone, and each page goes on sending its own
 * offline queue when the network returns. Events from the pages (src/contract/compiler-events.ts)
 * are accepted only from these frames, from their origin, in the agreed shape. The exam's deadline
 * as the screen follows it goes the other way (examScreenMessageSchema): to every frame when it
 * changes, and to a page that starts with another one.
 */
import { useEffect, useRef } from 'react';
import {
  compilerEventSchema,
  EXAM_SCREEN_SOURCE,
  type CompilerEvent,
  type ExamScreenMessage,
} from '../../../contract/compiler-events.ts';
import type { StudentExamProblem } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';

type Props = {
  problems: readonly StudentExamProblem[];
  /** challengeId → the page's address; a problem without one yet shows that it is opening. */
  frames: Readonly<Record<string, string>>;
  /** The problems opened so far, whose frames stay. */
  opened: readonly string[];
  /** The problem shown; null: none (the instructions are). */
  chosen: string | null;
  /** No network: a problem without an address cannot get one now. */
  online: boolean;
  onEvent: (event: CompilerEvent) => void;
  /** The exam's deadline (ISO) as the screen follows it live. */
  deadline: string;
};

/** Tells one frame's page the deadline, at the frame's own origin only. */
function tell(frame: HTMLIFrameElement, deadline: string): void {
  const message: ExamScreenMessage = { source: EXAM_SCREEN_SOURCE, type: 'deadline', deadline };
  frame.contentWindow?.postMessage(message, new URL(frame.src, window.location.href).origin);
}

export function ExamFrames({ problems, frames, opened, chosen, online, onEvent, deadline }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const handler = useRef(onEvent);
  const latest = useRef(deadline);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  // A new deadline reaches every page at once.
  useEffect(() => {
    latest.current = deadline;
    for (const frame of box.current?.querySelectorAll('iframe') ?? []) tell(frame, deadline);
  }, [deadline]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frame = [...(box.current?.querySelectorAll('iframe') ?? [])].find(
        (f) => f.contentWindow === event.source,
      );
      if (!frame || event.origin !== new URL(frame.src, window.location.href).origin) return;
      const parsed = compilerEventSchema.safeParse(event.data);
      if (!parsed.success) return;
      // A page that opened (or was reopened) with another deadline than the exam's now.
      if (
        parsed.data.type === 'started' &&
        Date.parse(parsed.data.deadline) !== Date.parse(latest.current)
      )
        tell(frame, latest.current);
      handler.current(parsed.data);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <div ref={box} className="exam-frames" hidden={chosen === null}>
      {opened.map((challengeId) => {
        const problem = problems.find((p) => p.challengeId === challengeId);
        const url = frames[challengeId];
        if (!problem || !url) return null;
        return (
          <iframe
            key={challengeId}
            className="exam-frames__frame"
            hidden={challengeId !== chosen}
            title={messages.examFrameTitle
              .replace('{n}', String(problem.ordinal))
              .replace('{name}', problem.challengeName)}
            data-challenge={challengeId}
            src={url}
            allow="clipboard-read; clipboard-write"
          />
        );
      })}
      {chosen !== null && !frames[chosen] ? (
        <p className="exam-frames__opening" role="status">
          {online ? messages.examProblemOpening : messages.examProblemOffline}
        </p>
      ) : null}
    </div>
  );
}
