/**
 * The audit log's reads of a sitting (audit-before.ts), for the calls that change one by an
 * instruction rather than by its fields: publish, stop or reopen (lifecycle), its access rules,
 * and a student's accommodation. Each is read before the call and again after it, and the entry
 * keeps what changed from what to what (`compare: 'stored'`). The sitting is named by a
 * challenge's test code or an exam's code, as the calls name it.
 *
 * The names are chosen to tell the state, never a secret: whether a sitting password is asked is
 * `sittingLock`, whether a Safe Exam Browser key is `safeExamBrowser` (a name holding "pass" or
 * "key" would be marked as a secret and never compared: audit-changes.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { iso, rowsOf } from '../db/sql-helpers.ts';
import type { BeforeLookup, Named } from './audit-before.ts';

/**
 * `from sittings s` limited to the named sitting: a challenge's own (none until first used:
 * then no row, read as the defaults) or an exam's. Undefined when the call names neither.
 */
function sittingWhere(named: Named): SQL | undefined {
  const challengeId = named('challengeId');
  if (challengeId !== undefined)
    return sql`s.challenge_id = (select challenge_id from challenges
                                   where lower(challenge_id) = lower(${challengeId.trim()}))`;
  const examCode = named('examCode');
  if (examCode !== undefined)
    return sql`s.id = (select sitting_id from exams where lower(code) = lower(${examCode.trim()}))`;
  return undefined;
}

/** Whether the named challenge or exam exists (a call naming none will answer 404). */
async function exists(db: Db, named: Named): Promise<boolean> {
  const challengeId = named('challengeId');
  const examCode = named('examCode');
  const found = await db.execute(
    challengeId !== undefined
      ? sql`select 1 from challenges where lower(challenge_id) = lower(${challengeId.trim()})`
      : sql`select 1 from exams where lower(code) = lower(${(examCode ?? '').trim()})`,
  );
  return rowsOf(found).length > 0;
}

async function readSitting<T extends Record<string, unknown>>(
  db: Db,
  named: Named,
  columns: SQL,
  none: T,
  from: SQL = sql`sittings s`,
): Promise<T | undefined> {
  const where = sittingWhere(named);
  if (!where || !(await exists(db, named))) return undefined;
  const [row] = rowsOf<T>(await db.execute(sql`select ${columns} from ${from} where ${where}`));
  return row ?? none;
}

/** Draft or published, and stopped or not (a challenge without a sitting is published). */
export const sittingLifecycle: BeforeLookup = {
  compare: 'stored',
  read: (db, named) =>
    readSitting(db, named, sql`s.lifecycle, ${iso(sql`s.stopped_at`)} as "stoppedAt"`, {
      lifecycle: 'published',
      stoppedAt: null,
    }),
};

/** The networks, whether a sitting password and a Safe Exam Browser key are asked. */
export const sittingAccessRules: BeforeLookup = {
  compare: 'stored',
  read: (db, named) =>
    readSitting(
      db,
      named,
      sql`coalesce(s.access_rules -> 'networks', '[]'::jsonb) as networks,
        case when s.access_rules -> 'password' is null or s.access_rules -> 'password' = 'null'
          then 'none' else 'password' end as "sittingLock",
        case when s.access_rules ->> 'sebConfigKey' is null then 'off' else 'required' end
          as "safeExamBrowser"`,
      { networks: [], sittingLock: 'none', safeExamBrowser: 'off' },
    ),
};

/** One student's accommodation there and their current attempt's timer. */
export const studentAccommodation: BeforeLookup = {
  compare: 'stored',
  read: async (db, named) => {
    const userId = named('userId');
    if (userId === undefined) return undefined;
    return readSitting(
      db,
      named,
      sql`coalesce(a.extra_minutes, 0) as "extraMinutes",
        coalesce(a.duration_factor, 1) as "durationFactor",
        ${iso(sql`a.window_start`)} as "ownWindowStart",
        ${iso(sql`a.window_end`)} as "ownWindowEnd",
        a.reset_number as "resetAttempt",
        t.number as attempt, ${iso(sql`t.deadline`)} as deadline,
        ${iso(sql`t.finished_at`)} as "finishedAt"`,
      {
        extraMinutes: 0,
        durationFactor: 1,
        ownWindowStart: null,
        ownWindowEnd: null,
        resetAttempt: null,
        attempt: null,
        deadline: null,
        finishedAt: null,
      },
      sql`sittings s
        left join sitting_accommodations a on a.sitting_id = s.id and a.user_id::text = ${userId}
        left join lateral (select number, deadline, finished_at from sitting_attempts
            where sitting_id = s.id and user_id::text = ${userId}
            order by number desc limit 1) t on true`,
    );
  },
};
