/**
 * Storing a batch of exam events for one attempt, in one transaction that holds the attempt's row
 * (so two batches of the same attempt cannot both pass the limits): the owner check, the
 * settings, the limits per attempt and per minute, the insert (an event id already stored is a
 * duplicate, not an error) and the counters on the attempt, written together or not at all.
 * Plain SQL: one statement each, the same on PGlite and PostgreSQL.
 */
import {
  MAX_SIGNALS_PER_ATTEMPT,
  MAX_SIGNALS_PER_MINUTE,
  type SignalEvent,
  type SignalsResponse,
} from '../../../contract/signals.ts';
import { messages } from '../../../contract/messages.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../http-error.ts';
import { countersOf, isRecorded } from './signal-rules.ts';

type AttemptRow = {
  user_id: string;
  signal_count: number;
  capture_tab_changes: boolean;
  disable_paste: boolean;
};

const RATE_WINDOW_SECONDS = 60;

/** The outcome, and a refusal to send after the commit (what fitted under the cap is kept). */
export type StoreOutcome = SignalsResponse & { full: boolean };

export async function storeSignals(
  database: Pick<DatabaseHandle, 'pool'>,
  userId: string,
  attemptId: string,
  events: readonly SignalEvent[],
  now: Date,
): Promise<StoreOutcome> {
  return inTransaction(database, async ({ executeSql }) => {
    const { rows } = await executeSql(
      `select a.user_id, a.signal_count, c.capture_tab_changes, c.disable_paste
         from attempts a join challenges c on c.challenge_id = a.challenge_id
        where a.id = $1
          for update of a`,
      [attemptId],
    );
    const attempt = rows[0] as AttemptRow | undefined;
    // Someone else's attempt reads exactly as one that does not exist: no way to probe ids.
    if (!attempt || attempt.user_id !== userId) throw new HttpError(404, messages.attemptNotFound);
    const settings = {
      captureTabChanges: attempt.capture_tab_changes,
      disablePaste: attempt.disable_paste,
    };
    // One event per id, even when a batch repeats one.
    const unique = [...new Map(events.map((e) => [e.eventId.toLowerCase(), e])).values()];
    const recorded = unique.filter((e) => isRecorded(e, settings));
    const ignored = events.length - recorded.length;
    if (recorded.length === 0) return { accepted: 0, duplicates: 0, ignored, full: false };

    const ids = recorded.map((e) => e.eventId.toLowerCase());
    const stored = await executeSql(
      `select event_id::text as id from attempt_signals
        where attempt_id = $1 and event_id = any($2::uuid[])`,
      [attemptId, ids],
    );
    const known = new Set(stored.rows.map((r) => String(r.id)));
    const fresh = recorded.filter((e) => !known.has(e.eventId.toLowerCase()));
    const duplicates = recorded.length - fresh.length;
    if (fresh.length === 0) return { accepted: 0, duplicates, ignored, full: false };

    const recent = await executeSql(
      `select count(*)::int as n from attempt_signals
        where attempt_id = $1 and received_at > $2::timestamptz`,
      [attemptId, new Date(now.getTime() - RATE_WINDOW_SECONDS * 1000).toISOString()],
    );
    const recentCount = Number(recent.rows[0]?.n ?? 0);
    if (recentCount + fresh.length > MAX_SIGNALS_PER_MINUTE)
      throw new HttpError(429, messages.signalsTooFast, {
        'retry-after': String(RATE_WINDOW_SECONDS),
      });

    // The page's order is kept: past the cap, the latest events are the ones refused.
    const room = Math.max(0, MAX_SIGNALS_PER_ATTEMPT - attempt.signal_count);
    const kept = fresh.slice(0, room);
    const full = kept.length < fresh.length;
    if (kept.length === 0) return { accepted: 0, duplicates, ignored, full };

    const inserted = await executeSql(
      `insert into attempt_signals
         (attempt_id, event_id, kind, reason, away_ms, chars, blocked, client_at, received_at)
       select $1, e.event_id, e.kind, e.reason, e.away_ms, e.chars, e.blocked, e.client_at, $2
         from unnest($3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::int[], $8::bool[],
                     $9::timestamptz[]) as e(event_id, kind, reason, away_ms, chars, blocked, client_at)
       on conflict do nothing
       returning event_id::text as id`,
      [
        attemptId,
        now.toISOString(),
        kept.map((e) => e.eventId.toLowerCase()),
        kept.map((e) => e.kind),
        kept.map((e) => (e.kind === 'left' ? e.reason : null)),
        kept.map((e) => (e.kind === 'returned' ? e.awayMs : null)),
        kept.map((e) => (e.kind === 'paste' ? e.chars : null)),
        kept.map((e) => (e.kind === 'paste' ? e.blocked : null)),
        kept.map((e) => e.at),
      ],
    );
    const insertedIds = new Set(inserted.rows.map((r) => String(r.id)));
    const added = kept.filter((e) => insertedIds.has(e.eventId.toLowerCase()));
    const delta = countersOf(added);
    await executeSql(
      `update attempts set signal_count = signal_count + $2, tab_changes = tab_changes + $3,
              away_ms = away_ms + $4, pastes = pastes + $5, blocked_pastes = blocked_pastes + $6,
              reloads = reloads + $7
        where id = $1`,
      [
        attemptId,
        added.length,
        delta.tabChanges,
        delta.awayMs,
        // The column counts every outside paste (ALLOWED_PASTES_SQL says why).
        delta.pastes + delta.blockedPastes,
        delta.blockedPastes,
        delta.reloads,
      ],
    );
    return {
      accepted: added.length,
      duplicates: duplicates + (kept.length - added.length),
      ignored,
      full,
    };
  });
}
