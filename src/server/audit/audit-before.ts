/**
 * The "from" side of an audit entry (issue 33, audit-diff.ts): for each call that updates one
 * known target, how to read that target as it is before the call, in the call's own field names,
 * so the entry can say which fields changed from what to what. Keyed by the call (method and
 * route) rather than by what it names: a challenge's lifecycle or access-rule calls name the
 * challenge too, but set none of its fields, and reading it (with its tests) for them would cost
 * a query for nothing. A call not listed here keeps what it set, as before (audit-changes.ts).
 *
 * The read runs as the route's last preHandler, after the guards and validation, so it sees the
 * target only when the call is allowed to touch it, and outside the writer's transaction: a
 * change made by someone else between this read and the call's own write would show as the
 * call's (a moment's window, accepted; docs/design/staff-and-courses.md).
 */
import { sql } from 'drizzle-orm';
import { updateChallengePath, type TestCase } from '../../contract/challenges.ts';
import { courseRoute, courseStaffRoute } from '../../contract/courses.ts';
import { examRoute } from '../../contract/exams.ts';
import { gradeRoute, manualMaxRoute } from '../../contract/grading.ts';
import { staffMemberRoute } from '../../contract/staff.ts';
import { findChallenge } from '../challenges/challenge-queries.ts';
import type { Db } from '../db/connection.ts';
import { findExamByCode, readSlots } from '../exams/exam-queries.ts';
import { standingOr404 } from '../grading/grade-routes.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import type { Normalisers } from './audit-diff.ts';

/** A name the call gives its target by (a path parameter, query field or body field). */
export type Named = (key: string) => string | undefined;

export type BeforeLookup = {
  /** The target's fields as stored, or undefined when there is none (the call will 404). */
  read: (db: Db, named: Named) => Promise<Record<string, unknown> | undefined>;
  normalise?: Normalisers;
  /** Input fields the call takes but does not apply (an exam's course, fixed at creation). */
  ignored?: readonly string[];
};

/**
 * A test set as what it runs: each test's input and output (text, or the stored file's hash),
 * visibility, weight and group. The form sends the tests back as it loaded them, so an
 * unchanged set gives the same fingerprint as the stored one and drops out of the entry.
 */
function testFingerprint(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return (value as Partial<TestCase>[]).map((test) => [
    test.inputFile?.sha256 ?? test.input ?? '',
    test.expectedOutputFile?.sha256 ?? test.expectedOutput ?? '',
    test.hidden ?? true,
    test.weight ?? 1,
    test.group ?? null,
  ]);
}

const first = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T | undefined> =>
  rowsOf<T>(await db.execute(query))[0];

const challenge: BeforeLookup = {
  read: async (db, named) => {
    const id = named('challengeId');
    return id ? await findChallenge(db, id) : undefined;
  },
  normalise: { testCases: testFingerprint },
};

const exam: BeforeLookup = {
  read: async (db, named) => {
    const code = named('examCode');
    const row = code ? await findExamByCode(db, code) : undefined;
    if (!row) return undefined;
    const slots = await readSlots(db, row.sittingId);
    return {
      examCode: row.code,
      title: row.title,
      instructions: row.instructions,
      startDate: row.startDate,
      startTime: row.startTime,
      endDate: row.endDate,
      endTime: row.endTime,
      durationMinutes: row.durationMinutes,
      scoring: row.scoring,
      slots: slots.map((slot) => ({
        points: slot.points,
        challengeIds: slot.challenges.map((c) => c.challengeId),
      })),
    };
  },
  ignored: ['courseId'],
};

const course: BeforeLookup = {
  read: async (db, named) =>
    first(db, sql`select code, title, term from courses where id = ${named('courseId')}::uuid`),
};

/** A member's role in a course: none before they join it. */
const courseStaff: BeforeLookup = {
  read: async (db, named) => {
    const staffId = named('staffId');
    const row = await first<{ role: string | null }>(
      db,
      sql`select (select role from course_staff
                   where course_id = c.id and staff_id = ${staffId}::uuid) as role
            from courses c where c.id = ${named('courseId')}::uuid`,
    );
    return row && { staffId, role: row.role };
  },
};

const staffMember: BeforeLookup = {
  read: async (db, named) =>
    first(
      db,
      sql`select role, deactivated_at is null as active from admins
           where id = ${named('staffId')}::uuid`,
    ),
};

/**
 * A student's grade on a problem (issue 34 item 3): the current entry of the part the call sets
 * (the score override or the manual points), so the entry reads "kind absolute → adjust, value
 * 5 → -2"; none yet reads as cleared.
 */
const grade: BeforeLookup = {
  read: async (db, named) => {
    const challengeId = named('challengeId');
    const userId = named('userId');
    const part = named('part');
    if (!challengeId || !userId || !part) return undefined;
    const standing = await standingOr404(db, challengeId, userId, named('examCode'));
    const row = await first<{ kind: string; value: number | null; reason: string }>(
      db,
      sql`select kind, value, reason from score_overrides
           where attempt_id = ${standing.attemptId}::uuid and part = ${part}
           order by created_at desc, id desc limit 1`,
    );
    return { part, kind: 'clear', value: null, reason: null, ...row };
  },
};

const manualMax: BeforeLookup = {
  read: async (db, named) =>
    first(
      db,
      sql`select manual_points_max as max from challenges
           where lower(challenge_id) = lower(${named('challengeId') ?? ''})`,
    ),
};

/** The calls that update one target, by `METHOD route` as the audit entry's `call` names them. */
export const beforeLookups: Readonly<Record<string, BeforeLookup>> = {
  [`POST ${updateChallengePath}`]: challenge,
  [`PUT ${examRoute}`]: exam,
  [`PUT ${courseRoute}`]: course,
  [`PUT ${courseStaffRoute}`]: courseStaff,
  [`PUT ${staffMemberRoute}`]: staffMember,
  [`PUT ${gradeRoute}`]: grade,
  [`PUT ${manualMaxRoute}`]: manualMax,
};
