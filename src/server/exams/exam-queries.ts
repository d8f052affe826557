/**
 * SQL for exams: find one by its code (case-blind), read it whole (slots, the challenges each
 * draws from, how many students started, whether any submitted) or as the list's summaries, and
 * the writes exam-writes.ts puts together in one transaction.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Exam, ExamInputParsed, ExamSlot, ExamSummary } from '../../contract/exams.ts';
import type { SittingLifecycle } from '../../contract/sittings.ts';
import { inVisibleCourses, visibleCourseSql } from '../auth/course-scope.ts';
import type { Db } from '../db/connection.ts';
import { runPrepared } from '../db/prepared.ts';
import { examSlotChoices, examSlots, exams, sittings } from '../db/schema.ts';
import { rowsOf } from '../db/sql-helpers.ts';

export type ExamRow = typeof exams.$inferSelect;

/** The exam with this code, in any case and with spaces around it ignored. */
export async function findExamByCode(db: Db, code: string): Promise<ExamRow | undefined> {
  const [row] = await runPrepared(
    db
      .select()
      .from(exams)
      .where(sql`lower(${exams.code}) = lower(${code.trim()})`),
  );
  return row;
}

/** Its row locked until the transaction ends (an update or delete of the same exam waits). */
export async function lockExamByCode(db: Db, code: string): Promise<ExamRow | undefined> {
  const [row] = await db
    .select()
    .from(exams)
    .where(sql`lower(${exams.code}) = lower(${code.trim()})`)
    .for('update');
  return row;
}

type SummaryFigures = {
  sittingId: string;
  slotCount: number;
  totalPoints: number;
  studentsStarted: number;
  hasSubmissions: boolean;
  lifecycle: SittingLifecycle;
  stoppedAt: Date | string | null;
};

/** The figures every view of an exam shows, for one exam or all of them. */
async function readFigures(db: Db, sittingId?: string): Promise<Map<string, SummaryFigures>> {
  const found = await db.execute(sql`
    select e.sitting_id as "sittingId",
      (select count(*)::int from exam_slots sl where sl.exam_sitting_id = e.sitting_id)
        as "slotCount",
      (select coalesce(sum(sl.points), 0)::int from exam_slots sl
        where sl.exam_sitting_id = e.sitting_id) as "totalPoints",
      (select count(distinct sa.user_id)::int from sitting_attempts sa
        where sa.sitting_id = e.sitting_id) as "studentsStarted",
      exists (select 1 from sitting_attempts sa join submissions s on s.sitting_attempt_id = sa.id
        where sa.sitting_id = e.sitting_id) as "hasSubmissions",
      s.lifecycle, s.stopped_at as "stoppedAt"
    from exams e join sittings s on s.id = e.sitting_id ${sittingId ? sql`where e.sitting_id = ${sittingId}` : sql``}`);
  return new Map(rowsOf<SummaryFigures>(found).map((f) => [f.sittingId, f]));
}

/** The slots in order, each with its challenges (the teacher's order) and their own maximums. */
export async function readSlots(db: Db, sittingId: string): Promise<(ExamSlot & { id: string })[]> {
  const found = await db.execute(sql`
    select sl.id, sl.ordinal, sl.points,
      coalesce(json_agg(json_build_object('challengeId', c.challenge_id,
          'challengeName', c.challenge_name, 'score', c.score) order by ch.position)
        filter (where c.challenge_id is not null), '[]') as challenges
    from exam_slots sl
      left join exam_slot_choices ch on ch.slot_id = sl.id
      left join challenges c on c.challenge_id = ch.challenge_id
    where sl.exam_sitting_id = ${sittingId}
    group by sl.id order by sl.ordinal`);
  return rowsOf<ExamSlot & { id: string }>(found);
}

function summaryOf(row: ExamRow, figures: SummaryFigures | undefined, timeZone: string) {
  return {
    examCode: row.code,
    title: row.title,
    startDate: row.startDate,
    startTime: row.startTime,
    endDate: row.endDate,
    endTime: row.endTime,
    durationMinutes: row.durationMinutes,
    scoring: row.scoring,
    totalPoints: figures?.totalPoints ?? 0,
    archived: row.archivedAt !== null,
    // A new exam is a draft (insertExam); figures are missing only for one deleted meanwhile.
    lifecycle: figures?.lifecycle ?? 'draft',
    stoppedAt: figures?.stoppedAt ? new Date(figures.stoppedAt).toISOString() : null,
    timeZone,
    studentsStarted: figures?.studentsStarted ?? 0,
    hasSubmissions: figures?.hasSubmissions ?? false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The exam as the contract shows it (examSchema). */
export async function readExam(db: Db, row: ExamRow, timeZone: string): Promise<Exam> {
  const [figures, slots] = await Promise.all([
    readFigures(db, row.sittingId),
    readSlots(db, row.sittingId),
  ]);
  return {
    ...summaryOf(row, figures.get(row.sittingId), timeZone),
    instructions: row.instructions,
    slots: slots.map(({ id: _id, ...slot }) => slot),
  };
}

/** Every exam, the latest start first (archived ones included: the page filters them). */
export async function listExams(
  db: Db,
  timeZone: string,
  visible: 'all' | string[] = 'all',
): Promise<ExamSummary[]> {
  const [rows, figures] = await Promise.all([
    db
      .select()
      .from(exams)
      .where(inVisibleCourses(exams.courseId, visible))
      .orderBy(sql`${exams.startDate} desc, ${exams.startTime} desc`, asc(exams.code)),
    readFigures(db),
  ]);
  return rows.map((row) => {
    const f = figures.get(row.sittingId);
    return { ...summaryOf(row, f, timeZone), slotCount: f?.slotCount ?? 0, courseId: row.courseId };
  });
}

/**
 * The challenges these ids name, matched without regard to case: lower-cased id → the stored
 * id (the exact spelling wins should two challenges differ only in case).
 */
export async function resolveChallengeIds(
  db: Db,
  ids: string[],
  visible: 'all' | string[] = 'all',
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // A challenge of a course the author has no part in is unknown to them (issue 33).
  const found = await db.execute(sql`
    select lower(challenge_id) as key, challenge_id as id from challenges
    where lower(challenge_id) in (${sql.join(
      ids.map((id) => sql`lower(${id})`),
      sql`, `,
    )})
      and ${visibleCourseSql(sql`course_id`, visible)}
    order by challenge_id`);
  const exact = new Set(ids);
  const resolved = new Map<string, string>();
  for (const { key, id } of rowsOf<{ key: string; id: string }>(found))
    if (!resolved.has(key) || exact.has(id)) resolved.set(key, id);
  return resolved;
}

type ExamFields = Omit<ExamInputParsed, 'slots' | 'examCode' | 'courseId'> & { code: string };

export async function insertExam(db: Db, fields: ExamFields, courseId: string): Promise<string> {
  const [sitting] = await db
    .insert(sittings)
    // Only staff see a new exam until it is published (issue 32 item 2).
    .values({ kind: 'exam', lifecycle: 'draft' })
    .returning({ id: sittings.id });
  if (!sitting) throw new Error('no sitting inserted');
  await db.insert(exams).values({ sittingId: sitting.id, ...fields, courseId });
  return sitting.id;
}

export async function updateExamRow(db: Db, sittingId: string, fields: ExamFields): Promise<void> {
  await db
    .update(exams)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(exams.sittingId, sittingId));
}

/**
 * The slots become `slots` (their challenges already resolved to stored ids). A slot keeps its
 * row, and so every draw made from it, by its ordinal: students who opened the exam keep their
 * problem in each slot whatever the edit; a slot past the new count goes, with its draws.
 */
export async function writeSlots(
  db: Db,
  sittingId: string,
  slots: { points: number; challengeIds: string[] }[],
): Promise<void> {
  await db.execute(sql`
    delete from exam_slots where exam_sitting_id = ${sittingId} and ordinal > ${slots.length}`);
  for (const [index, slot] of slots.entries()) {
    const [row] = await db
      .insert(examSlots)
      .values({ examSittingId: sittingId, ordinal: index + 1, points: slot.points })
      .onConflictDoUpdate({
        target: [examSlots.examSittingId, examSlots.ordinal],
        set: { points: slot.points },
      })
      .returning({ id: examSlots.id });
    if (!row) throw new Error('no slot written');
    await db.delete(examSlotChoices).where(eq(examSlotChoices.slotId, row.id));
    await db.insert(examSlotChoices).values(
      slot.challengeIds.map((challengeId, position) => ({
        slotId: row.id,
        challengeId,
        position,
      })),
    );
  }
}

export async function setArchived(db: Db, sittingId: string, archived: boolean): Promise<void> {
  await db
    .update(exams)
    .set({
      archivedAt: archived ? sql`coalesce(${exams.archivedAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(exams.sittingId, sittingId));
}

/** Whether any submission was made under the exam (it can then only be archived). */
export async function examHasSubmissions(db: Db, sittingId: string): Promise<boolean> {
  const found = await db.execute(sql`
    select 1 from sitting_attempts sa join submissions s on s.sitting_attempt_id = sa.id
    where sa.sitting_id = ${sittingId} limit 1`);
  return rowsOf(found).length > 0;
}

/** The exam, its slots, draws, students' timers and standings go with its sitting. */
export async function deleteExamSitting(db: Db, sittingId: string): Promise<void> {
  await db.delete(sittings).where(eq(sittings.id, sittingId));
}

/** An exam that holds this challenge in a slot or in a student's draw (its code), if any. */
export async function examUsingChallenge(db: Db, challengeId: string): Promise<string | undefined> {
  const found = await db.execute(sql`
    select e.code from exams e
    where exists (select 1 from exam_slots sl join exam_slot_choices ch on ch.slot_id = sl.id
                   where sl.exam_sitting_id = e.sitting_id and ch.challenge_id = ${challengeId})
       or exists (select 1 from exam_slots sl join exam_draws d on d.slot_id = sl.id
                   where sl.exam_sitting_id = e.sitting_id and d.challenge_id = ${challengeId})
    order by e.code limit 1`);
  return rowsOf<{ code: string }>(found)[0]?.code;
}

/**
 * Whether the exam holds this challenge: a slot offers it, or a student was given it (a pool
 * edited after the draw keeps the students who drew it), as examUsingChallenge reads it.
 */
export async function examHoldsChallenge(
  db: Db,
  sittingId: string,
  challengeId: string,
): Promise<boolean> {
  const found = await db.execute(sql`
    select 1 where exists (select 1 from exam_slots sl
        join exam_slot_choices ch on ch.slot_id = sl.id
        where sl.exam_sitting_id = ${sittingId} and ch.challenge_id = ${challengeId})
      or exists (select 1 from exam_slots sl join exam_draws d on d.slot_id = sl.id
        where sl.exam_sitting_id = ${sittingId} and d.challenge_id = ${challengeId})`);
  return rowsOf(found).length > 0;
}
