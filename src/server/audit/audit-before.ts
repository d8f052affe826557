/**
 * The "from" side of an audit entry (issue 33, audit-diff.ts): for each call that updates one
 * known target, how to read that target as it is before the call, in the call's own field names,
 * so the entry can say which fields changed from what to what. Keyed by the call (method and
 * route) rather than by what it names: a challenge's lifecycle or access-rule calls name the
 * challenge too, but set none of its fields, and reading it (with its tests) for them would cost
 * a query for nothing; they read their sitting instead (audit-before-sittings.ts), and a move to
 * another course reads the course. A call not listed here keeps what it set (audit-changes.ts).
 *
 * The read runs as the route's last preHandler, after the guards and validation, so it sees the
 * target only when the call is allowed to touch it, and outside the writer's transaction: a
 * change made by someone else between this read and the call's own write would show as the
 * call's (a moment's window, accepted; docs/design/staff-and-courses.md).
 */
import { sql } from 'drizzle-orm';
import { challengeAccessRulesRoute, examAccessRulesRoute } from '../../contract/access-rules.ts';
import {
  challengeAccommodationsRoute,
  examAccommodationsRoute,
} from '../../contract/accommodations.ts';
import { updateChallengePath, type TestCase } from '../../contract/challenges.ts';
import { challengeCourseRoute, examCourseRoute } from '../../contract/course-moves.ts';
import { courseRoute, courseStaffRoute } from '../../contract/courses.ts';
import { examLifecycleRoute, examRoute } from '../../contract/exams.ts';
import { gradeRoute, manualMaxRoute } from '../../contract/grading.ts';
import { challengeLifecycleRoute } from '../../contract/sittings.ts';
import { staffMemberRoute } from '../../contract/staff.ts';
import { challengeReleaseRoute, examReleaseRoute } from '../../contract/result-release.ts';
import { submissionFeedbackRoute } from '../../contract/submission-feedback.ts';
import { findChallenge } from '../challenges/challenge-queries.ts';
import { challengePlacement, examPlacement } from '../courses/course-move-queries.ts';
import type { Db } from '../db/connection.ts';
import { findExamByCode, readSlots } from '../exams/exam-queries.ts';
import { standingOr404 } from '../grading/grade-routes.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import {
  sittingAccessRules,
  sittingLifecycle,
  studentAccommodation,
} from './audit-before-sittings.ts';
import type { Normalisers } from './audit-diff.ts';

/** A name the call gives its target by (a path parameter, query field or body field). */
export type Named = (key: string) => string | undefined;

export type BeforeLookup = {
  /** The target's fields as stored, or undefined when there is none (the call will 404). */
  read: (db: Db, named: Named) => Promise<Record<string, unknown> | undefined>;
  normalise?: Normalisers;
  /** Input fields the call takes but does not apply (an exam's course, fixed at creation). */
  ignored?: readonly string[];
  /**
   * `input` (the default): the call's input holds the fields it sets, compared with the stored
   * ones. `stored`: the input is an instruction (publish, move to a course, give ten minutes),
   * so the target is read again once the call succeeded and the two readings are compared; the
   * entry keeps the input beside them, but for the fields the reading covers.
   */
  compare?: 'input' | 'stored';
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

/** A challenge's course by code (a move). */
const challengeCourse: BeforeLookup = {
  compare: 'stored',
  read: async (db, named) => {
    const id = named('challengeId');
    return id ? await challengePlacement(db, id) : undefined;
  },
};

/** An exam's course by code, and each of its problems with its course (they move with it). */
const examCourse: BeforeLookup = {
  compare: 'stored',
  read: async (db, named) => {
    const code = named('examCode');
    return code ? await examPlacement(db, code) : undefined;
  },
};

/** When students see results (issue 34 item 5): the mode before, `immediate` without a rule. */
const challengeRelease: BeforeLookup = {
  read: async (db, named) =>
    first(
      db,
      sql`select coalesce(r.mode, 'immediate') as mode from challenges c
            left join result_releases r on r.challenge_id = c.challenge_id
           where lower(c.challenge_id) = lower(${named('challengeId') ?? ''})`,
    ),
};

const examRelease: BeforeLookup = {
  read: async (db, named) =>
    first(
      db,
      sql`select coalesce(r.mode, 'immediate') as mode from exams e
            left join result_releases r on r.exam_sitting_id = e.sitting_id
           where lower(e.code) = lower(${(named('examCode') ?? '').trim()})`,
    ),
};

/** A submission's feedback note before it is rewritten (issue 34 item 4). */
const feedbackNote: BeforeLookup = {
  read: async (db, named) =>
    first(
      db,
      sql`select coalesce((select markdown from submission_feedback
                            where submission_id = s.id), '') as markdown
            from submissions s where s.id = ${named('submissionId')}::uuid`,
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
  [`PUT ${challengeCourseRoute}`]: challengeCourse,
  [`PUT ${examCourseRoute}`]: examCourse,
  [`POST ${challengeLifecycleRoute}`]: sittingLifecycle,
  [`POST ${examLifecycleRoute}`]: sittingLifecycle,
  [`PUT ${challengeAccessRulesRoute}`]: sittingAccessRules,
  [`PUT ${examAccessRulesRoute}`]: sittingAccessRules,
  [`POST ${challengeAccommodationsRoute}`]: studentAccommodation,
  [`POST ${examAccommodationsRoute}`]: studentAccommodation,
  [`PUT ${challengeReleaseRoute}`]: challengeRelease,
  [`PUT ${examReleaseRoute}`]: examRelease,
  [`PUT ${submissionFeedbackRoute}`]: feedbackNote,
  [`PUT ${gradeRoute}`]: grade,
  [`PUT ${manualMaxRoute}`]: manualMax,
};
