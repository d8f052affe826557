/**
 * What the judge queue looks like right now, from the submissions and the workers' heartbeats:
 * counts for /api/health, and the administrator's fuller view (oldest waiting age, each worker).
 */
import type { DatabaseHandle } from '../db/connection.ts';

export type QueueCounts = { waiting: number; running: number; workers: number };

/** A worker whose heartbeat is older than this is shown as not alive. */
export const HEARTBEAT_STALE_SECONDS = 60;

export async function queueCounts(database: Pick<DatabaseHandle, 'pool'>): Promise<QueueCounts> {
  const { rows } = await database.pool.query(
    `select (select count(*)::int from submissions where status = 'queued') as waiting,
            (select count(*)::int from submissions where status = 'running') as running,
            (select count(*)::int from judge_workers
              where heartbeat_at > now() - $1 * interval '1 second') as workers`,
    [HEARTBEAT_STALE_SECONDS],
  );
  return rows[0] as QueueCounts;
}

export type WorkerRow = {
  id: string;
  host: string;
  pid: number;
  concurrency: number;
  running: number;
  judged: number;
  startedAt: string;
  heartbeatAt: string;
  alive: boolean;
};

const iso = (value: unknown) =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();

export async function queueStatus(
  database: Pick<DatabaseHandle, 'pool'>,
  challengeId: string | undefined,
) {
  const counts = await queueCounts(database);
  const { rows: oldest } = await database.pool.query(
    `select extract(epoch from now() - min(created_at))::float as age
       from submissions where status = 'queued'`,
  );
  const { rows: workers } = await database.pool.query(
    `select id, host, pid, concurrency, running, judged, started_at, heartbeat_at,
            heartbeat_at > now() - $1 * interval '1 second' as alive
       from judge_workers order by started_at`,
    [HEARTBEAT_STALE_SECONDS],
  );
  let challenge: { pending: number; total: number } | undefined;
  if (challengeId) {
    const { rows } = await database.pool.query(
      `select count(*) filter (where status in ('queued', 'running'))::int as pending,
              count(*)::int as total
         from submissions where challenge_id = $1`,
      [challengeId],
    );
    challenge = rows[0] as { pending: number; total: number };
  }
  const age = (oldest[0] as { age: number | null } | undefined)?.age ?? null;
  return {
    ...counts,
    oldestWaitingSeconds: age === null ? null : Math.round(age),
    workerList: (workers as Record<string, unknown>[]).map((w): WorkerRow => ({
      id: String(w.id),
      host: String(w.host),
      pid: Number(w.pid),
      concurrency: Number(w.concurrency),
      running: Number(w.running),
      judged: Number(w.judged),
      startedAt: iso(w.started_at),
      heartbeatAt: iso(w.heartbeat_at),
      alive: Boolean(w.alive),
    })),
    challenge,
  };
}
