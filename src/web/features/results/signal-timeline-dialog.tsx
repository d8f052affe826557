/**
 * One student's exam events (issue 17), opened from the Results row's Timeline link and named by
 * the `signals` search parameter, like the submissions dialog: a modal that Escape or Close
 * closes, focus kept inside while open. The events are a table (caption, column headers) so a
 * screen reader can walk them; both clocks are shown and said apart.
 */
import { Dialog } from '@ark-ui/react/dialog';
import { useEffect, useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import { MAX_SIGNALS_PER_ATTEMPT, type SignalTimeline } from '../../../contract/signals.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { dateTime } from './format.ts';
import { awayText, signalDetails, signalLabel } from './signal-format.ts';
import { fetchSignalTimeline } from './signals-api.ts';
import { StudentDialog } from './student-dialog.tsx';

type Props = { token: string; challengeId: string; userId: string; onClose: () => void };

type Answer =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; data: SignalTimeline };

export function SignalTimelineDialog({ token, challengeId, userId, onClose }: Props) {
  const [answer, setAnswer] = useState<{ key: string; value: Answer } | null>(null);
  const key = `${challengeId}/${userId}`;
  useEffect(() => {
    const controller = new AbortController();
    fetchSignalTimeline(token, challengeId, userId, controller.signal).then(
      (data) => setAnswer({ key, value: { state: 'loaded', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        showFailure(error);
        const message = error instanceof Error ? error.message : String(error);
        setAnswer({ key, value: { state: 'failed', message } });
      },
    );
    return () => controller.abort();
  }, [token, challengeId, userId, key]);
  const current: Answer = answer?.key === key ? answer.value : { state: 'loading' };
  const name = current.state === 'loaded' ? current.data.student.name : '…';

  return (
    <StudentDialog
      title={messages.signalTimelineTitle.replace('{name}', name)}
      testId="signal-timeline"
      onClose={onClose}
    >
      {current.state === 'loaded' ? (
        <TimelineBody data={current.data} />
      ) : current.state === 'failed' ? (
        <p className="muted">{current.message}</p>
      ) : (
        <p className="muted">{messages.loading}</p>
      )}
    </StudentDialog>
  );
}

function TimelineBody({ data }: { data: SignalTimeline }) {
  const { counters } = data;
  const summary: [string, string][] = [
    [messages.colTabChanges, String(counters.tabChanges)],
    [messages.colTimeAway, awayText(counters.awayMs)],
    [messages.colPastes, String(counters.pastes)],
    [messages.colBlockedPastes, String(counters.blockedPastes)],
    [messages.colReloads, String(counters.reloads)],
  ];
  return (
    <>
      <Dialog.Description className="dialog__description">
        {data.student.email}
        {data.startedAt
          ? ` · ${messages.colStartedAt} ${dateTime(data.startedAt)} · ${messages.colDeadline} ${dateTime(data.deadline)}`
          : ''}
      </Dialog.Description>
      {!data.startedAt ? <p className="muted">{messages.signalTimelineNotStarted}</p> : null}
      {!data.captureTabChanges ? (
        <p className="muted">{messages.signalTimelineNotRecording}</p>
      ) : null}
      <dl className="results-summary results-summary--compact" data-testid="signal-counters">
        {summary.map(([label, value]) => (
          <div key={label} className="results-summary__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {data.full ? (
        <p role="note">
          {messages.signalTimelineFull.replace('{max}', String(MAX_SIGNALS_PER_ATTEMPT))}
        </p>
      ) : null}
      <p className="field__hint">{messages.signalTimelineClockNote}</p>
      {data.events.length === 0 ? (
        <p className="muted">{messages.signalTimelineEmpty}</p>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="signal-events">
            <caption className="visually-hidden">{messages.signalTimelineCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{messages.colPageTime}</th>
                <th scope="col">{messages.colEvent}</th>
                <th scope="col">{messages.colDetails}</th>
                <th scope="col">{messages.colReceived}</th>
              </tr>
            </thead>
            <tbody>
              {data.events.map((event) => (
                <tr key={event.eventId}>
                  <td>
                    <time dateTime={event.clientAt}>{dateTime(event.clientAt)}</time>
                  </td>
                  <th scope="row">{signalLabel(event)}</th>
                  <td>{signalDetails(event)}</td>
                  <td>
                    <time dateTime={event.receivedAt}>{dateTime(event.receivedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
