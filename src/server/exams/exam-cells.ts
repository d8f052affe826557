/**
 * An exam's scores are a query, not a table (DESIGN.md §7): per slot of the exam, the problem
 * drawn for a sitting attempt, the student's standing on it (`attempts` of that sitting attempt),
 * and the submission that counts by the exam's scoring: `best`, the standing's best (kept by the
 * judge, record-result.ts); `last`, the latest judged one. Its score, out of the challenge's own
 * maximum, is scaled to the slot's points and rounded to hundredths; the total is the sum of the
 * rounded cells, so the student, the matrix and the exports always add up the same.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ExamScoring } from '../../contract/exams.ts';
import { effectiveScoreSql } from '../grading/final-score-sql.ts';
import { ALLOWED_PASTES_SQL } from '../integrity/signals/signal-rules.ts';

/** The submission that counts for the standing `a`, as a lateral subquery's body. */
export function countingSubmission(scoring: ExamScoring): SQL {
  return scoring === 'best'
    ? sql`select s.id, s.score, s.verdict from submissions s where s.id = a.best_submission_id`
    : sql`select s.id, s.score, s.verdict from submissions s
          where s.sitting_attempt_id = a.sitting_attempt_id and s.challenge_id = a.challenge_id
            and s.verdict is not null
          order by s.created_at desc, s.id desc limit 1`;
}

/**
 * One row per slot of the exam for the sitting attempt `sittingAttempt` (a value or a column of
 * an outer query): ordinal, points, challengeId and challengeName (null without a draw), opened
 * (a standing exists), submissionCount, submissionId, verdict and score of the counting
 * submission, lastSubmissionAt, records (the problem records exam signals) and its counters.
 */
export function slotCellsSql(
  examSittingId: string,
  sittingAttempt: SQL,
  scoring: ExamScoring,
): SQL {
  return sql`
    select sl.ordinal, sl.points, d.challenge_id as "challengeId",
      c.challenge_name as "challengeName", a.id is not null as opened,
      coalesce(a.submission_count, 0) as "submissionCount",
      cs.id as "submissionId", cs.verdict,
      ${gradedCellSql(sql`cs.score`)} as score,
      round((cs.score / nullif(c.score, 0) * sl.points)::numeric, 2)::float8 as "automaticScore",
      (a.override_kind is not null or a.manual_points is not null) as graded,
      a.last_submission_at as "lastSubmissionAt",
      coalesce(c.capture_tab_changes or c.disable_paste, false) as records,
      a.tab_changes as "tabChanges", a.away_ms as "awayMs",
      ${sql.raw(ALLOWED_PASTES_SQL)} as pastes, a.blocked_pastes as "blockedPastes",
      a.reloads
    from exam_slots sl
      left join exam_draws d on d.slot_id = sl.id and d.sitting_attempt_id = ${sittingAttempt}
      left join challenges c on c.challenge_id = d.challenge_id
      left join attempts a on a.sitting_attempt_id = ${sittingAttempt}
        and a.challenge_id = d.challenge_id
      left join lateral (${countingSubmission(scoring)}) cs on true
    where sl.exam_sitting_id = ${examSittingId}`;
}

/**
 * A cell as graded (issue 34 item 3, contract/grading.ts's finalScore): the standing `a`'s
 * automatic score `auto` (out of the challenge `c`'s maximum), replaced or moved by its override
 * and kept within 0 and that maximum, scaled to the slot `sl`'s points and rounded to hundredths,
 * plus its manual points as they are; null with neither a score nor a grade. Migration 0036's
 * exam_totals_refresh repeats it for the stored totals.
 */
export function gradedCellSql(auto: SQL): SQL {
  const effective = effectiveScoreSql(auto, sql`c.score`);
  return sql`(case when ${effective} is null and a.manual_points is null then null
    else coalesce(round((${effective} / nullif(c.score, 0) * sl.points)::numeric, 2)::float8, 0)
      + coalesce(a.manual_points, 0) end)`;
}

/** A total of rounded cells, itself rounded (floating-point sums drift in the last digits). */
export const roundedTotal = (cell: SQL): SQL => sql`round(sum(${cell})::numeric, 2)::float8`;

/**
 * Every sitting attempt's total and last submission time at the exam alone (no cells, no
 * verdicts), one row per sitting attempt (`sitting_attempt_id`) that has a standing, for sorting a
 * whole roster by them: the same rounded cells as slotCellsSql's, read from the standings (a
 * `best` cell's score is its standing's best_score, which the judge keeps equal to its best
 * submission's), so the order agrees with the totals shown. One grouped pass over the exam's
 * draws joined to the roster by sitting attempt, not a subquery per student: at 2,000 students
 * x 5 problems (bench/exams.ts) the matrix's query sorted by total took 58-74 ms of PostgreSQL's
 * CPU with a lateral subquery per student, 22-24 ms so (the standings are hashed once instead
 * of probed 2,000 times).
 */
export function examTotalsSql(examSittingId: string, scoring: ExamScoring): SQL {
  const score =
    scoring === 'best'
      ? sql`a.best_score`
      : sql`(select s.score from submissions s
          where s.sitting_attempt_id = a.sitting_attempt_id and s.challenge_id = a.challenge_id
            and s.verdict is not null
          order by s.created_at desc, s.id desc limit 1)`;
  return sql`
    select d.sitting_attempt_id,
      ${roundedTotal(gradedCellSql(score))} as total,
      max(a.last_submission_at) as last_at
    from exam_slots sl
      join exam_draws d on d.slot_id = sl.id
      join challenges c on c.challenge_id = d.challenge_id
      join attempts a on a.sitting_attempt_id = d.sitting_attempt_id
        and a.challenge_id = d.challenge_id and a.sitting_id = ${examSittingId}
    where sl.exam_sitting_id = ${examSittingId}
    group by d.sitting_attempt_id`;
}
