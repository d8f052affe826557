/**
 * The SQL of per-test statistics (contract/grading-statistics.ts). Who counts, and with which
 * submission, is decided by the same expressions the Results table and the exam's matrix use
 * (results-queries.ts's current standing and best submission; exam-cells.ts's counting
 * submission), so the statistics never disagree with the scores shown beside them. Everything a
 * screen needs comes from one statement over that population: each counted submission's score
 * and verdicts (one jsonpath call per submission, a small array; the server counts them), and
 * the Wrong Answer outputs grouped by identical text with the top few per test (a window over the
 * groups), read by one range of the outputs' primary key per submission. Never a query per
 * student or per test. At 2,000 students x 20 tests on a loaded PostgreSQL here, grouping the
 * 40,000 (test, verdict) rows in SQL and joining them to the outputs took 180 ms of executor
 * time; reading the outputs per submission and counting verdicts in the server, 46 ms.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  WRONG_OUTPUT_GROUPS_SHOWN,
  WRONG_OUTPUT_SAMPLE_CHARS,
} from '../../../contract/grading-statistics.ts';
import type { ExamScoring } from '../../../contract/exams.ts';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { countingSubmission } from '../../exams/exam-cells.ts';
import { currentAttemptOnly } from '../../results/results-queries.ts';
import { inSection } from '../../results/section-columns.ts';
import { ownSittingOf } from '../../sittings/sitting-queries.ts';
import type { StatisticsRow } from './assemble-statistics.ts';

/** One challenge the statistics are about: its maximum and its tests' hidden flags, in order. */
export type StatisticsChallenge = {
  challengeId: string;
  challengeName: string;
  maxScore: number;
  hidden: boolean[];
};

/**
 * Rows (challenge_id, submission_id): each counted student's counting submission (judged or
 * not; the statistics read only judged ones) on a challenge taken on its own: the best one of
 * their current attempt, as the Results table.
 */
export function challengePopulation(
  challenge: { challengeId: string; courseId?: string | undefined },
  sectionId: string | undefined,
): SQL {
  const conditions = [
    sql`a.challenge_id = ${challenge.challengeId}`,
    sql`a.sitting_id = ${ownSittingOf(challenge.challengeId)}`,
    sql`a.best_submission_id is not null`,
    currentAttemptOnly,
    ...inSection(challenge.courseId, sectionId),
  ];
  return sql`select a.challenge_id, a.best_submission_id as submission_id
    from attempts a join users u on u.id = a.user_id
    where ${sql.join(conditions, sql` and `)}`;
}

/**
 * The same for one slot of an exam: each student's current sitting attempt, the challenge drawn
 * for them in that slot, and the submission the exam's scoring counts (exam-cells.ts).
 */
export function examSlotPopulation(
  exam: { sittingId: string; courseId?: string | undefined; scoring: ExamScoring },
  slotId: string,
  sectionId: string | undefined,
): SQL {
  const conditions = [
    sql`sa.sitting_id = ${exam.sittingId}`,
    sql`not exists (select 1 from sitting_attempts y where y.sitting_id = sa.sitting_id
      and y.user_id = sa.user_id and y.number > sa.number)`,
    ...inSection(exam.courseId, sectionId),
  ];
  return sql`select d.challenge_id, cs.id as submission_id
    from sitting_attempts sa join users u on u.id = sa.user_id
      join exam_draws d on d.sitting_attempt_id = sa.id and d.slot_id = ${slotId}::uuid
      join attempts a on a.sitting_attempt_id = sa.id and a.challenge_id = d.challenge_id
      join lateral (${countingSubmission(exam.scoring)}) cs on true
    where ${sql.join(conditions, sql` and `)}`;
}

/**
 * The statistics rows of a population (see StatisticsRow): `submission` per counted submission
 * (its score and its verdicts in test order, a jsonpath call's small array), `wrong` per shown
 * group of identical Wrong Answer output. A test's index is its place in the submission's
 * `details.tests`, which is the place of its output in submission_test_outputs (the judge writes
 * both). The verdicts are counted by the server (assemble-statistics.ts), not grouped in SQL:
 * at 2,000 students x 20 tests, materialising and grouping the 40,000 (test, verdict) rows was
 * about a sixth of the query's time on PostgreSQL, and the counting takes a few milliseconds.
 */
export async function readStatisticsRows(db: Db, population: SQL): Promise<StatisticsRow[]> {
  const found = await db.execute(sql`
    with judged as materialized (
      select p.challenge_id, s.id, s.score,
        jsonb_path_query_array(s.details, '$.tests[*].verdict') as verdicts
      from (${population}) p join submissions s on s.id = p.submission_id
      where s.verdict is not null
    ), wrong as (
      -- The outputs of each counted submission, one range of the outputs' primary key ("offset
      -- 0" keeps it so: a join would read every kept output of the portal into a hash first),
      -- of the tests its verdicts say were Wrong Answer.
      select j.challenge_id, o.test_index, o.stdout, bool_or(o.stdout_cut) as cut,
        count(*)::int as n
      from judged j cross join lateral (
        select x.test_index, x.stdout, x.stdout_cut from submission_test_outputs x
        where x.submission_id = j.id and j.verdicts->>x.test_index = 'Wrong Answer'
        offset 0) o
      group by j.challenge_id, o.test_index, o.stdout
    ), ranked as (
      select w.*,
        row_number() over (partition by w.challenge_id, w.test_index
          order by w.n desc, w.stdout collate "C") as rank,
        (count(*) over (partition by w.challenge_id, w.test_index))::int as groups
      from wrong w
    )
    select 'submission' as kind, challenge_id as "challengeId", null::int as "testIndex",
      null::text as text, 1 as count, null::boolean as shortened, null::int as groups,
      score::float8 as score, verdicts
    from judged
    union all
    select 'wrong', challenge_id, test_index, left(stdout, ${WRONG_OUTPUT_SAMPLE_CHARS}), n,
      cut or char_length(stdout) > ${WRONG_OUTPUT_SAMPLE_CHARS}, groups, null, null
    from ranked where rank <= ${WRONG_OUTPUT_GROUPS_SHOWN}`);
  return rowsOf<StatisticsRow>(found);
}

/** The challenges, in the order asked, with their tests' hidden flags in the judge's order. */
export async function readStatisticsChallenges(
  db: Db,
  challengeIds: readonly string[],
): Promise<StatisticsChallenge[]> {
  if (challengeIds.length === 0) return [];
  const found = await db.execute(sql`
    select c.challenge_id as "challengeId", c.challenge_name as "challengeName",
      c.score as "maxScore",
      coalesce((select json_agg(tc.hidden order by tc.ordinal) from test_cases tc
        where tc.challenge_id = c.challenge_id), '[]'::json) as hidden
    from challenges c
    where c.challenge_id in (${sql.join(
      challengeIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const byId = new Map(rowsOf<StatisticsChallenge>(found).map((c) => [c.challengeId, c] as const));
  return challengeIds.flatMap((id) => {
    const challenge = byId.get(id);
    return challenge ? [challenge] : [];
  });
}

/** The slot of the exam with this ordinal, with the challenges it draws from in order. */
export async function readExamSlot(
  db: Db,
  sittingId: string,
  ordinal: number,
): Promise<{ id: string; challengeIds: string[] } | undefined> {
  const found = await db.execute(sql`
    select sl.id,
      coalesce((select json_agg(ch.challenge_id order by ch.position)
        from exam_slot_choices ch where ch.slot_id = sl.id), '[]'::json) as "challengeIds"
    from exam_slots sl where sl.exam_sitting_id = ${sittingId} and sl.ordinal = ${ordinal}`);
  return rowsOf<{ id: string; challengeIds: string[] }>(found)[0];
}
