/**
 * Home's "Judge queue" panel (issue 13 item 7): how many submissions wait and run, how long the
 * oldest has waited, and each judge worker's heartbeat, so a teacher sees on exam day whether
 * the judging keeps up. It asks the admin-only status call every 5 s while the tab is visible.
 */
import type { JudgeStatus } from '../../../contract/judge-queue.ts';
import { messages } from '../../../contract/messages.ts';
import { fetchJudgeStatus } from '../../lib/judge-queue-api.ts';
import { usePolling } from '../../ui/use-polling.ts';
import { age, clock } from './queue-format.ts';
import { WorkerTable } from './worker-table.tsx';
import './judge-queue.css';

export const QUEUE_POLL_MS = 5000;

type Answer = { status: JudgeStatus; at: Date };

export function JudgeQueuePanel({
  token,
  intervalMs = QUEUE_POLL_MS,
}: {
  token: string;
  intervalMs?: number;
}) {
  const answer = usePolling<Answer>({
    key: token,
    active: true,
    intervalMs,
    load: async (signal) => ({
      status: await fetchJudgeStatus(token, undefined, signal),
      at: new Date(),
    }),
  });

  return (
    <section aria-labelledby="judge-queue-heading" className="dash-section judge-queue">
      <div className="dash-section__header">
        <h2 id="judge-queue-heading" className="dash-section__title">
          {messages.judgeQueueTitle}
        </h2>
        <p className="muted judge-queue__updated" data-testid="judge-queue-updated">
          {answer
            ? messages.judgeQueueUpdated.replace('{time}', clock(answer.at))
            : messages.loading}
        </p>
      </div>
      {answer ? <QueueFigures status={answer.status} /> : null}
      {answer ? <WorkerTable workers={answer.status.workerList} /> : null}
    </section>
  );
}

function QueueFigures({ status }: { status: JudgeStatus }) {
  const items: [string, string][] = [
    [messages.judgeQueueWaiting, status.waiting.toLocaleString()],
    [messages.judgeQueueRunning, status.running.toLocaleString()],
    [messages.judgeQueueOldest, age(status.oldestWaitingSeconds)],
    [
      messages.judgeQueueWorkersAlive,
      messages.judgeQueueWorkersOf
        .replace('{alive}', String(status.workers))
        .replace('{total}', String(status.workerList.length)),
    ],
  ];
  return (
    <dl
      className="judge-queue__figures"
      aria-label={messages.judgeQueueLabel}
      data-testid="judge-queue-figures"
    >
      {items.map(([label, value]) => (
        <div key={label} className="judge-queue__figure">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
