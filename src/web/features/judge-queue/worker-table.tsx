/**
 * The judge workers under the queue figures: one row per process that ever reported (the
 * in-process workers of each server and every `npm run worker`), alive ones first as the server
 * sends them. "Alive" is said in words with a sign, never by colour alone.
 */
import type { JudgeStatus } from '../../../contract/judge-queue.ts';
import { messages } from '../../../contract/messages.ts';
import { clock } from './queue-format.ts';
import '../../ui/data-table.css';

export function WorkerTable({ workers }: { workers: JudgeStatus['workerList'] }) {
  if (workers.length === 0) return <p className="muted">{messages.judgeQueueNoWorkers}</p>;
  return (
    <div className="table-wrap">
      <table className="table judge-queue__workers" data-testid="judge-workers">
        <caption className="visually-hidden">{messages.judgeQueueWorkersCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.colHost}</th>
            <th scope="col" className="data-table__numeric">
              {messages.colPid}
            </th>
            <th scope="col">{messages.colWorkerState}</th>
            <th scope="col" className="data-table__numeric">
              {messages.colConcurrency}
            </th>
            <th scope="col" className="data-table__numeric">
              {messages.colRunningNow}
            </th>
            <th scope="col" className="data-table__numeric">
              {messages.colJudgedCount}
            </th>
            <th scope="col">{messages.colHeartbeat}</th>
          </tr>
        </thead>
        <tbody>
          {workers.map((w) => (
            <tr key={w.id}>
              <th scope="row" className="data-table__row-header mono">
                {w.host}
              </th>
              <td className="data-table__numeric">{w.pid}</td>
              <td>
                <span className={w.alive ? 'worker-state worker-state--alive' : 'worker-state'}>
                  <span aria-hidden="true">{w.alive ? '● ' : '○ '}</span>
                  {w.alive ? messages.workerAlive : messages.workerSilent}
                </span>
              </td>
              <td className="data-table__numeric">{w.concurrency}</td>
              <td className="data-table__numeric">{w.running}</td>
              <td className="data-table__numeric">{w.judged.toLocaleString()}</td>
              <td>
                <time dateTime={w.heartbeatAt}>{clock(w.heartbeatAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
