/** The teacher's read of one student's exam events on a challenge (issue 17), oldest first. */
import { sql, type SQL } from 'drizzle-orm';
import {
  LEAVE_REASONS,
  MAX_SIGNALS_PER_ATTEMPT,
  SIGNAL_KINDS,
  type SignalTimeline,
  type TimelineEvent,
} from '../../../contract/signals.ts';
import type { Db } from '../../db/connection.ts';
import { iso, rowsOf } from '../../db/sql-helpers.ts';
import { ALLOWED_PASTES_SQL } from './signal-rules.ts';

type HeadRow = {
  name: string;
  email: string;
  captureTabChanges: boolean;
  disablePaste: boolean;
  attemptId: string | null;
  startedAt: string | null;
  deadline: string | null;
  signalCount: number | null;
  tabChanges: number | null;
  awayMs: string | number | null;
  pastes: number | null;
  blockedPastes: number | null;
  reloads: number | null;
};

type EventRow = {
  eventId: string;
  kind: string;
  reason: string | null;
  awayMs: string | number | null;
  chars: number | null;
  blocked: boolean | null;
  clientAt: string;
  receivedAt: string;
};

const isKind = (k: string): k is TimelineEvent['kind'] =>
  (SIGNAL_KINDS as readonly string[]).includes(k);
const isReason = (r: string | null): r is NonNullable<TimelineEvent['reason']> =>
  r !== null && (LEAVE_REASONS as readonly string[]).includes(r);

function toEvent(row: EventRow): TimelineEvent | undefined {
  if (!isKind(row.kind)) return undefined;
  return {
    eventId: row.eventId,
    kind: row.kind,
    ...(isReason(row.reason) ? { reason: row.reason } : {}),
    // bigint columns come back as text from node-postgres.
    ...(row.awayMs === null ? {} : { awayMs: Number(row.awayMs) }),
    ...(row.chars === null ? {} : { chars: row.chars }),
    ...(row.blocked === null ? {} : { blocked: row.blocked }),
    clientAt: row.clientAt,
    receivedAt: row.receivedAt,
  };
}

/**
 * Undefined when the challenge or the student does not exist. `sitting` (a scalar SQL value)
 * is the challenge's own sitting, or an exam's: the student's standing there, current attempt.
 */
export async function readTimeline(
  db: Db,
  challengeId: string,
  userId: string,
  sitting: SQL,
): Promise<SignalTimeline | undefined> {
  const head = rowsOf<HeadRow>(
    await db.execute(sql`
      select u.name, u.email, c.capture_tab_changes as "captureTabChanges",
        c.disable_paste as "disablePaste", a.id as "attemptId",
        ${iso(sql`a.started_at`)} as "startedAt", ${iso(sql`a.deadline`)} as deadline,
        a.signal_count as "signalCount", a.tab_changes as "tabChanges", a.away_ms as "awayMs",
        ${sql.raw(ALLOWED_PASTES_SQL)} as pastes, a.blocked_pastes as "blockedPastes", a.reloads
      from users u cross join challenges c
      left join lateral (
        select st.*, sa.deadline from attempts st
          join sitting_attempts sa on sa.id = st.sitting_attempt_id
         where st.user_id = u.id and st.challenge_id = c.challenge_id and st.sitting_id = ${sitting}
         order by sa.number desc limit 1) a on true
      where u.id = ${userId} and c.challenge_id = ${challengeId}`),
  )[0];
  if (!head) return undefined;
  const events = head.attemptId
    ? rowsOf<EventRow>(
        await db.execute(sql`
          select event_id::text as "eventId", kind, reason, away_ms as "awayMs", chars, blocked,
            ${iso(sql`client_at`)} as "clientAt", ${iso(sql`received_at`)} as "receivedAt"
          from attempt_signals where attempt_id = ${head.attemptId}
          order by client_at, received_at, event_id`),
      )
    : [];
  return {
    student: { name: head.name, email: head.email },
    captureTabChanges: head.captureTabChanges,
    disablePaste: head.disablePaste,
    startedAt: head.startedAt,
    deadline: head.deadline,
    counters: {
      tabChanges: head.tabChanges ?? 0,
      awayMs: Number(head.awayMs ?? 0),
      pastes: head.pastes ?? 0,
      blockedPastes: head.blockedPastes ?? 0,
      reloads: head.reloads ?? 0,
    },
    events: events.flatMap((row) => toEvent(row) ?? []),
    full: (head.signalCount ?? 0) >= MAX_SIGNALS_PER_ATTEMPT,
  };
}
