/**
 * The student's exam (contract/exams.ts studentExamSchema): the first open starts their sitting
 * attempt, whose deadline is min(start + duration, end of the window) and is the timer of every
 * problem of the exam, and draws their problem for every slot; each later open reads it back.
 * Finishing ends the attempt early: Run and Submit then refuse as after the deadline
 * (compiler/exam-access.ts). The teacher's preview shows the same screen with every pool problem
 * listed and records nothing.
 */
import { gateExam, releasedForExam } from '../grading/student-release.ts';
import { sql } from 'drizzle-orm';
import {
  examMessages,
  type ExamPreview,
  type StudentExam,
  type StudentExamProblem,
} from '../../contract/exams.ts';
import { deadlineFor } from '../compiler/time-window.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { Db } from '../db/connection.ts';
import { executePrepared } from '../db/prepared.ts';
import { HttpError } from '../http-error.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import {
  beginSittingAttempt,
  findSitting,
  findSittingAttempt,
  type Sitting,
  type SittingAttempt,
} from '../sittings/sitting-queries.ts';
import { assertMayBegin, withStop } from '../sittings/sitting-rules.ts';
import type { SittingTimer } from '../../contract/sittings.ts';
import { effectiveDeadline } from '../compiler/attempt-queries.ts';
import { followTimer } from '../sittings/follow-timer.ts';
import { findAccommodation } from '../sittings/accommodations/accommodation-queries.ts';
import {
  admissionWindow,
  beginDeadline,
  resetPending,
  wallClockText,
} from '../sittings/accommodations/accommodation-time.ts';
import { noticeCursor } from '../sittings/notices/notice-queries.ts';
import { notePresence } from '../sittings/proctor/presence.ts';
import { ensureDraws } from './draw-queries.ts';
import { slotCellsSql } from './exam-cells.ts';
import { findExamByCode, readSlots, type ExamRow } from './exam-queries.ts';
import { examWindow } from './exam-window.ts';
import type { AccessGate } from '../sittings/access/check-access.ts';

export type StudentExamDeps = {
  db: Db;
  timeZone: string;
  graceSeconds: number;
  now: () => Date;
  /** Lifecycle changes are told to the timer long polls; the exam's timer waits on it. */
  feed: ChangeFeed;
  /** Settles when the server starts closing: long polls answer at once. */
  closing: Promise<void>;
};

/** An exam as a student meets it: with its sitting's lifecycle and stop. */
export type StudentExamRow = ExamRow & { sitting: Sitting };

/**
 * The exam with this code that a student may take: 404 unknown or a draft, 403 archived, then
 * its access rules (`gate`: sittings/access/check-access.ts) for this request.
 */
export async function examForStudent(
  db: Db,
  code: string,
  gate: AccessGate,
): Promise<StudentExamRow> {
  const exam = await findExamByCode(db, code);
  const sitting = exam && (await findSitting(db, exam.sittingId));
  if (!exam || !sitting) throw new HttpError(404, examMessages.examNotFound);
  // A draft does not exist for students, as a draft challenge (sitting-rules.ts), in its words.
  if (sitting.lifecycle === 'draft') throw new HttpError(404, examMessages.examNotFound);
  if (exam.archivedAt) throw new HttpError(403, examMessages.examArchived);
  await gate(sitting);
  return { ...exam, sitting };
}

/** Opens the exam: starts the attempt on the first call (in the window), draws what is missing. */
export async function openStudentExam(
  deps: StudentExamDeps,
  userId: string,
  code: string,
  gate: AccessGate,
): Promise<StudentExam> {
  const { db, timeZone } = deps;
  const exam = await examForStudent(db, code, gate);
  const now = deps.now();
  let attempt = await findSittingAttempt(db, exam.sittingId, userId);
  const accommodation = await findAccommodation(db, exam.sittingId, userId);
  // After a reset (issue 32) the next open begins the next attempt; the old one stays for staff.
  if (!attempt || resetPending(attempt.number, accommodation)) {
    assertMayBegin(exam.sitting);
    const window = examWindow(exam, timeZone);
    // A student given their own window is held to it instead of the class's.
    const admitted = admissionWindow(window, accommodation);
    const own = admitted !== window;
    if (now < admitted.opensAt)
      throw new HttpError(
        403,
        examMessages.examNotOpenYet.replace(
          '{date}',
          own
            ? wallClockText(admitted.opensAt, timeZone)
            : `${exam.startDate} ${exam.startTime} (${timeZone})`,
        ),
      );
    if (now >= admitted.closesAt)
      throw new HttpError(
        403,
        examMessages.examClosed.replace(
          '{date}',
          own
            ? wallClockText(admitted.closesAt, timeZone)
            : `${exam.endDate} ${exam.endTime} (${timeZone})`,
        ),
      );
    attempt = await beginSittingAttempt(
      db,
      exam.sittingId,
      userId,
      now,
      beginDeadline(now, exam.durationMinutes, window, accommodation),
      (attempt?.number ?? 0) + 1,
    );
  }
  const sittingAttemptId = attempt.id;
  await db.transaction((tx) => ensureDraws(tx, exam.sittingId, sittingAttemptId, userId));
  return readStudentExam(deps, exam, withStop(attempt, exam.sitting.stoppedAt));
}

/**
 * The student's exam timer as their screen follows it live (sittings/follow-timer.ts): the
 * deadline after a stop and after finishing. Only for a student who opened the exam.
 */
export async function followExamTimer(
  deps: StudentExamDeps,
  userId: string,
  code: string,
  query: {
    known?: string | undefined;
    wait?: number | undefined;
    knownNotices?: number | undefined;
    problem?: string | undefined;
  },
  gone: Promise<void>,
  gate: AccessGate,
): Promise<SittingTimer> {
  const read = async (): Promise<SittingTimer> => {
    const exam = await examForStudent(deps.db, code, gate);
    const attempt = await findSittingAttempt(deps.db, exam.sittingId, userId);
    if (!attempt) throw new HttpError(403, examMessages.openExamFirst);
    const lived = withStop(attempt, exam.sitting.stoppedAt);
    return {
      deadline: effectiveDeadline(lived).toISOString(),
      finishedAt: lived.finishedAt?.toISOString() ?? null,
      serverNow: deps.now().toISOString(),
      // The notices cursor rides on the same poll, only for a screen that follows notices.
      ...(query.knownNotices === undefined
        ? {}
        : { notices: await noticeCursor(deps.db, exam.sittingId, userId) }),
    };
  };
  const exam = await examForStudent(deps.db, code, gate);
  // The screen is open on this problem: the proctor view's presence (sittings/proctor/).
  const problem = { kind: 'exam', challengeId: query.problem } as const;
  await notePresence(deps, exam.sittingId, userId, problem, deps.now());
  return followTimer({
    feed: deps.feed,
    sittingId: exam.sittingId,
    userId,
    known: query.known,
    knownNotices: query.knownNotices,
    wait: query.wait,
    gone,
    closing: deps.closing,
    read,
  });
}

/** Finishes the student's attempt (once: a second call changes nothing) and reads it back. */
export async function finishStudentExam(
  deps: StudentExamDeps,
  userId: string,
  code: string,
  gate: AccessGate,
): Promise<StudentExam> {
  const { db } = deps;
  const exam = await examForStudent(db, code, gate);
  const attempt = await findSittingAttempt(db, exam.sittingId, userId);
  if (!attempt) throw new HttpError(403, examMessages.openExamFirst);
  // After the deadline the attempt ended at the deadline, whenever the button was pressed.
  const now = deps.now().toISOString();
  const found = await db.execute(sql`
    update sitting_attempts
       set finished_at = coalesce(finished_at, least(${now}::timestamptz, deadline))
    where id = ${attempt.id}
    returning finished_at as "finishedAt"`);
  const finishedAt = rowsOf<{ finishedAt: Date | string }>(found)[0]?.finishedAt;
  return readStudentExam(
    deps,
    exam,
    withStop(
      {
        ...attempt,
        finishedAt: finishedAt === undefined ? attempt.finishedAt : new Date(finishedAt),
      },
      exam.sitting.stoppedAt,
    ),
  );
}

type CellRow = {
  ordinal: number;
  points: number;
  challengeId: string | null;
  challengeName: string | null;
  opened: boolean;
  submissionCount: number;
  score: number | null;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The sum of the scores given, or null when none is (nothing judged yet). */
export function totalOf(scores: readonly (number | null)[]): number | null {
  const known = scores.filter((s): s is number => s !== null);
  return known.length === 0 ? null : round2(known.reduce((a, b) => a + b, 0));
}

async function readStudentExam(
  deps: StudentExamDeps,
  exam: ExamRow,
  attempt: SittingAttempt,
): Promise<StudentExam> {
  const found = await executePrepared(
    deps.db,
    sql`
    select x.* from (${slotCellsSql(exam.sittingId, sql`${attempt.id}::uuid`, exam.scoring)}) x
    order by x.ordinal`,
  );
  const cells = rowsOf<CellRow>(found);
  const problems: StudentExamProblem[] = cells.flatMap((c) =>
    c.challengeId === null
      ? []
      : [
          {
            ordinal: c.ordinal,
            points: c.points,
            challengeId: c.challengeId,
            challengeName: c.challengeName ?? c.challengeId,
            state: !c.opened ? 'not-opened' : c.submissionCount > 0 ? 'submitted' : 'opened',
            submissionCount: c.submissionCount,
            score: c.score,
          },
        ],
  );
  const screen = {
    ...screenHead(deps, exam, cells),
    startedAt: attempt.startedAt.toISOString(),
    deadline: attempt.deadline.toISOString(),
    finishedAt: attempt.finishedAt?.toISOString() ?? null,
    problems,
    total: totalOf(problems.map((p) => p.score)),
  };
  return gateExam(screen, await releasedForExam(deps.db, deps, exam.sittingId));
}

function screenHead(deps: StudentExamDeps, exam: ExamRow, slots: readonly { points: number }[]) {
  return {
    examCode: exam.code,
    title: exam.title,
    instructions: exam.instructions,
    scoring: exam.scoring,
    totalPoints: slots.reduce((sum, s) => sum + s.points, 0),
    timeZone: deps.timeZone,
    serverNow: deps.now().toISOString(),
    graceSeconds: deps.graceSeconds,
  };
}

/** "Preview as a student": as if started now, every pool problem listed; nothing is written. */
export async function previewExam(deps: StudentExamDeps, code: string): Promise<ExamPreview> {
  const exam = await findExamByCode(deps.db, code);
  if (!exam) throw new HttpError(404, examMessages.examNotFound);
  const slots = await readSlots(deps.db, exam.sittingId);
  const now = deps.now();
  const window = examWindow(exam, deps.timeZone);
  const deadline =
    now < window.closesAt
      ? deadlineFor(now, exam.durationMinutes, window)
      : new Date(now.getTime() + exam.durationMinutes * 60_000);
  return {
    ...screenHead(deps, exam, slots),
    startedAt: now.toISOString(),
    deadline: deadline.toISOString(),
    finishedAt: null,
    problems: slots.flatMap((slot) =>
      slot.challenges.map((c) => ({
        ordinal: slot.ordinal,
        points: slot.points,
        challengeId: c.challengeId,
        challengeName: c.challengeName,
        state: 'not-opened' as const,
        submissionCount: 0,
        score: null,
        poolOf: slot.challenges.length,
      })),
    ),
    total: null,
  };
}
