/**
 * Stored exam totals. Every sitting attempt of an exam carries its total (`exam_total`) and its
 * last submission's time (`exam_last_submission_at`), so the results matrix sorted by total or
 * by time used reads a column instead of adding up 2,000 students' cells on every request
 * (bench/exams.ts: that aggregation was about 23 ms of PostgreSQL CPU per page).
 *
 * The invariant: for every sitting attempt of an exam, the stored pair equals what
 * exam-cells.ts's `examTotalsSql` computes from the rows (null total without a judged standing,
 * null time without a submission, the same rounding: cells to hundredths, the total the rounded
 * sum), at the end of every transaction. `storedTotalsDrift` below compares the two; the API test
 * tests/api/exam-totals.test.ts drives every writer and checks it after each.
 *
 * Who keeps it: database triggers (migration `exam_totals`), not application code. The values
 * depend on seven tables written from many places: a judged result and a re-judge (record-result
 * `refreshStanding`, attempts.best_score), a new submission (store-submission,
 * attempts.last_submission_at), `last` scoring (a submission's verdict and score), an exam edit
 * (exam_slots' points, slots added or removed with their draws, exams.scoring), a challenge's
 * maximum (challenges.score, written by challenge edits, test-case changes and problem imports),
 * a first open (exam_draws, attempts), a challenge renamed (its id cascades), a reset (a new
 * sitting attempt: the column starts null). A trigger sees each of these in the writer's own
 * transaction, including writers added later, where application code would have to be repeated
 * in each (and one forgotten path drifts silently). Each trigger recomputes only the sitting
 * attempts its rows touch, with the one SQL function `exam_totals_refresh`, and writes only rows
 * whose values differ; a standing's signal counters and a submission's status fire nothing (the
 * triggers name their columns). A backup restore inserts every column of sitting_attempts as it
 * was, with triggers off (session_replication_role = replica, db/backup/restore-backup.ts); a
 * backup older than the migration gets the migration's backfill when the migrations after it run.
 *
 * The function repeats examTotalsSql's arithmetic in the migration's SQL: the two must change
 * together, and the drift test fails when they do not.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import { examTotalsSql } from './exam-cells.ts';
import type { ExamRow } from './exam-queries.ts';

export type TotalDrift = {
  sittingAttemptId: string;
  stored: number | null;
  computed: number | null;
  storedLastAt: string | null;
  computedLastAt: string | null;
};

/** The exam's sitting attempts whose stored total or last time differs from the recomputation. */
export async function storedTotalsDrift(
  db: Db,
  exam: Pick<ExamRow, 'sittingId' | 'scoring'>,
): Promise<TotalDrift[]> {
  const found = await db.execute(sql`
    select sa.id as "sittingAttemptId", sa.exam_total as stored, t.total as computed,
      sa.exam_last_submission_at::text as "storedLastAt", t.last_at::text as "computedLastAt"
    from sitting_attempts sa
      left join (${examTotalsSql(exam.sittingId, exam.scoring)}) t on t.sitting_attempt_id = sa.id
    where sa.sitting_id = ${exam.sittingId}
      and (sa.exam_total is distinct from t.total
        or sa.exam_last_submission_at is distinct from t.last_at)
    order by sa.id`);
  return rowsOf<TotalDrift>(found);
}
