/**
 * The results table of one challenge: one row per student, read from the attempt's standing
 * columns (best score, count, last time) that the judge keeps up to date, never by aggregating
 * submissions per request. "Not started" rows are students without an attempt on it. Only the
 * challenge's own sitting counts here: its standings in exams are those exams' results.
 */
import type { SignalCounters } from '../../contract/signals.ts';
import { sql, type SQL } from 'drizzle-orm';
import type {
  ResultsChallenge,
  ResultsQueryParsed,
  ResultsRow,
  ResultsSortColumn,
  ResultsSummary,
} from '../../contract/results.ts';
import { isVerdict } from '../../contract/verdicts.ts';
import { finalScore, overrideOf } from '../../contract/grading.ts';
import { finalScoreSql } from '../grading/final-score-sql.ts';
import type { Db } from '../db/connection.ts';
import { ALLOWED_PASTES_SQL } from '../integrity/signals/signal-rules.ts';
import {
  afterCursor,
  orderBy,
  sortValueText,
  textSortKey as text,
  type Cursor,
  type SortKey,
} from './keyset.ts';
import { ownSittingOf } from '../sittings/sitting-queries.ts';
import { courseStudents, enrolmentColumns, inSection } from './section-columns.ts';
import { containsPattern, iso, rowsOf } from '../db/sql-helpers.ts';

const bestVerdict = sql`(select s.verdict from submissions s where s.id = a.best_submission_id)`;

const RESULTS_SORT_KEYS: Record<ResultsSortColumn, SortKey> = {
  name: text('u.name'),
  email: text('u.email'),
  year: text('u.year'),
  branch: text('u.branch'),
  college: text('u.college'),
  startedAt: { expr: sql`a.started_at`, type: 'timestamptz' },
  deadline: { expr: sql`sa.deadline`, type: 'timestamptz' },
  // Whole seconds, the same figure the row shows, so equal-looking rows tie. least() skips
  // nulls, so "no submission yet" must be spelled out or it would read as the whole duration.
  timeUsed: {
    expr: sql`(case when a.last_submission_at is null then null else greatest(0, floor(extract(epoch from least(a.last_submission_at, sa.deadline) - a.started_at)))::int end)`,
    type: 'int',
  },
  submissions: { expr: sql`a.submission_count`, type: 'int' },
  bestScore: { expr: sql`a.best_score`, type: 'float8' },
  bestVerdict: { expr: sql`(${bestVerdict} collate "C")`, type: 'text' },
  lastSubmissionAt: { expr: sql`a.last_submission_at`, type: 'timestamptz' },
};

/**
 * The tie-breaker: the student's id, read from the attempt when only started rows are listed (the
 * same value) so the (challenge, best score, user) indexes give the order without a sort.
 */
const userIdFor = (filters: ResultsFilters): SQL =>
  filters.status === 'started' ? sql`a.user_id` : sql`u.id`;

export type ResultsFilters = Pick<
  ResultsQueryParsed,
  'q' | 'year' | 'branch' | 'college' | 'sectionId' | 'status' | 'sort' | 'dir'
>;

/**
 * A standing `a` of the student's current sitting attempt: after a reset (issue 32) the old
 * attempt's standing stays (its submissions are visible to staff), the results show the new one.
 * Two index lookups, made only for students who have a standing.
 */
export const currentAttemptOnly = sql`not exists (select 1 from sitting_attempts this_sa
    join sitting_attempts later_sa on later_sa.sitting_id = this_sa.sitting_id
      and later_sa.user_id = this_sa.user_id and later_sa.number > this_sa.number
    where this_sa.id = a.sitting_attempt_id)`;

/**
 * The FROM and WHERE every results query shares: students, their standing on the challenge and
 * the sitting attempt whose timer it has. A section (issue 33) is one of the challenge's course.
 */
function fromWhere(challenge: ChallengeRef, filters: ResultsFilters, extra: SQL[] = []): SQL {
  const { challengeId } = challenge;
  const conditions: SQL[] = [
    ...extra,
    ...courseStudents(challenge.courseId, sql`a.id is not null`),
    ...inSection(challenge.courseId, filters.sectionId),
  ];
  if (filters.status === 'started') conditions.push(sql`a.id is not null`);
  if (filters.status === 'not-started') conditions.push(sql`a.id is null`);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (filters.year) conditions.push(sql`u.year = ${filters.year}`);
  if (filters.branch) conditions.push(sql`u.branch = ${filters.branch}`);
  if (filters.college) conditions.push(sql`u.college = ${filters.college}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  // The challenge's own sitting only: the same challenge in an exam is the exam's result.
  return sql`from users u
    left join attempts a on a.user_id = u.id and a.challenge_id = ${challengeId}
      and a.sitting_id = ${ownSittingOf(challengeId)} and ${currentAttemptOnly}
    left join sitting_attempts sa on sa.id = a.sitting_attempt_id
    ${where}`;
}

/** What the shared FROM and WHERE need of the challenge. */
type ChallengeRef = Pick<ResultsChallenge, 'challengeId' | 'courseId'>;

export async function findResultsChallenge(
  db: Db,
  challengeId: string,
): Promise<ResultsChallenge | undefined> {
  const found = await db.execute(sql`
    select challenge_id as "challengeId", challenge_name as "challengeName", score, language,
      start_date::text as "startDate", end_date::text as "endDate", time_dur as "timeDur",
      (capture_tab_changes or disable_paste) as "recordsSignals", course_id as "courseId",
      manual_points_max as "manualPointsMax"
    from challenges where challenge_id = ${challengeId}`);
  return rowsOf<ResultsChallenge>(found)[0];
}

type RawRow = {
  userId: string;
  name: string;
  email: string;
  year: string | null;
  branch: string | null;
  college: string | null;
  started: boolean;
  startedAt: string | null;
  deadline: string | null;
  timeUsedSeconds: number | null;
  submissions: number | null;
  pending: number;
  bestScore: number | null;
  bestVerdict: string | null;
  bestSubmissionId: string | null;
  lastSubmissionAt: string | null;
  studentNumber: string | null;
  section: string | null;
  overrideKind: string | null;
  overrideValue: number | null;
  manualPoints: number | null;
  sortValue: string | null;
  /** Exam signal counters, or null (see readResultsPage). */
  signals: SignalCounters | null;
  /** Export only: the best submission's verdict and its verdict per test, in test order. */
  best?: [string | null, string[] | null] | null;
  testVerdicts?: string[] | null;
};

export type ResultsPage = {
  rows: ResultsRow[];
  /** With `testVerdicts: true` only: per row, its best submission's verdict per test. */
  testVerdicts: string[][];
  next: Cursor | null;
};

const percentOf = (score: number | null, max: number) =>
  score === null || max <= 0 ? null : Math.round((score / max) * 1000) / 10;

/**
 * One page in the table's order after `after` (or from the start). Reads `limit + 1` rows to know
 * whether another page follows. Per-row extras (verdict of the best submission, submissions still
 * judging) are subqueries in the select list: PostgreSQL evaluates them after the sort and limit,
 * so only for the rows of the page.
 */
export async function readResultsPage(
  db: Db,
  challenge: ResultsChallenge,
  filters: ResultsFilters,
  after: Cursor | undefined,
  limit: number,
  /** `testVerdicts`: the export's read (per-test verdicts, and `pending` is not counted). */
  options: { testVerdicts?: boolean } = {},
): Promise<ResultsPage> {
  const key = RESULTS_SORT_KEYS[filters.sort];
  const base = fromWhere(
    challenge,
    filters,
    after ? [afterCursor(key, userIdFor(filters), after)] : [],
  );
  // The export also wants each test's verdict of the best submission: read with its verdict in
  // one visit to that submission's row (one heap fetch per student instead of two), as one
  // jsonpath call rather than a set-returning subquery per row.
  const best = options.testVerdicts
    ? sql`(select json_build_array(s.verdict,
            jsonb_path_query_array(s.details, '$.tests[*].verdict'))
          from submissions s where s.id = a.best_submission_id) as "best"`
    : sql`${bestVerdict} as "bestVerdict"`;
  // Submissions still judging are a badge on screen; the export has no such column, so it skips
  // a subquery per student (a quarter of a page's time on PGlite) and says 0.
  const pending = options.testVerdicts
    ? sql`0`
    : sql`case when a.id is null then 0 else (select count(*)::int from submissions s
        where s.user_id = a.user_id and s.sitting_attempt_id = a.sitting_attempt_id
          and s.challenge_id = a.challenge_id and s.status in ('queued', 'running')) end`;
  // Exam signal counters (issue 17) for started rows of a challenge that records them, on screen
  // and in the exports alike (columns kept on the attempt: no count over the events per row).
  const signals = challenge.recordsSignals
    ? sql`case when a.id is not null
        then json_build_object('tabChanges', a.tab_changes, 'awayMs', a.away_ms,
          'pastes', ${sql.raw(ALLOWED_PASTES_SQL)}, 'blockedPastes', a.blocked_pastes,
          'reloads', a.reloads) end`
    : sql`null`;
  const found = await db.execute(sql`
    select u.id as "userId", u.name, u.email, u.year, u.branch, u.college,
      a.id is not null as started,
      ${iso(sql`a.started_at`)} as "startedAt", ${iso(sql`sa.deadline`)} as deadline,
      ${RESULTS_SORT_KEYS.timeUsed.expr} as "timeUsedSeconds",
      a.submission_count as submissions,
      ${pending} as pending,
      a.best_score as "bestScore", ${best},
      a.best_submission_id as "bestSubmissionId",
      ${iso(sql`a.last_submission_at`)} as "lastSubmissionAt",
      ${signals} as signals,
      a.override_kind as "overrideKind", a.override_value as "overrideValue",
      a.manual_points as "manualPoints",
      ${enrolmentColumns(challenge.courseId)},
      ${sortValueText(key)} as "sortValue"
    ${base}
    order by ${orderBy(key, userIdFor(filters), filters.dir)}
    limit ${limit + 1}`);
  const raw = rowsOf<RawRow>(found).map((r) =>
    r.best === undefined
      ? r
      : { ...r, bestVerdict: r.best?.[0] ?? null, testVerdicts: r.best?.[1] },
  );
  const more = raw.length > limit;
  const pageRows = more ? raw.slice(0, limit) : raw;
  const last = pageRows.at(-1);
  return {
    rows: pageRows.map((r) => toRow(r, challenge.score)),
    testVerdicts: pageRows.map((r) => r.testVerdicts ?? []),
    next:
      more && last
        ? { sort: filters.sort, dir: filters.dir, value: last.sortValue, id: last.userId }
        : null,
  };
}

function toRow(r: RawRow, maxScore: number): ResultsRow {
  const override = overrideOf(r.overrideKind, r.overrideValue);
  return {
    userId: r.userId,
    name: r.name,
    email: r.email,
    year: r.year,
    branch: r.branch,
    college: r.college,
    started: r.started,
    startedAt: r.startedAt,
    deadline: r.deadline,
    timeUsedSeconds: r.timeUsedSeconds,
    submissions: r.submissions ?? 0,
    pending: r.pending,
    bestScore: r.bestScore,
    bestPercent: percentOf(r.bestScore, maxScore),
    bestVerdict: isVerdict(r.bestVerdict) ? r.bestVerdict : null,
    bestSubmissionId: r.bestSubmissionId,
    lastSubmissionAt: r.lastSubmissionAt,
    studentNumber: r.studentNumber,
    section: r.section,
    override,
    manualPoints: r.manualPoints,
    finalScore: finalScore(r.bestScore, override, r.manualPoints, maxScore),
    ...(r.signals ? { signals: { ...r.signals, awayMs: Number(r.signals.awayMs) } } : {}),
  };
}

/** Rows matching the filters, over all pages. */
export async function countResults(
  db: Db,
  challenge: ChallengeRef,
  filters: ResultsFilters,
): Promise<number> {
  const found = await db.execute(sql`select count(*)::int as n ${fromWhere(challenge, filters)}`);
  return rowsOf<{ n: number }>(found)[0]?.n ?? 0;
}

/** The students the course lists (courseStudents), for the summary's count of who has not started. */
function whereCourseStudents(challenge: ChallengeRef): SQL {
  const took = sql`exists (select 1 from attempts t where t.user_id = u.id
    and t.challenge_id = ${challenge.challengeId}
    and t.sitting_id = ${ownSittingOf(challenge.challengeId)})`;
  const conditions = courseStudents(challenge.courseId, took);
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/** The summary line: the whole challenge, whatever the table's filters. */
export async function readSummary(db: Db, challenge: ResultsChallenge): Promise<ResultsSummary> {
  const own = ownSittingOf(challenge.challengeId);
  // Full score, average and median count the final scores, as the table's Final score column
  // shows them (a teacher's grades included; without grades they are the best scores).
  const max = sql`${challenge.score}::float8`;
  const found = await db.execute(sql`
    select count(*)::int as started,
      (count(*) filter (where a.submission_count > 0))::int as submitted,
      (count(*) filter (where a.final >= ${max}))::int as "fullScore",
      avg(a.final) as average,
      percentile_cont(0.5) within group (order by a.final) as median,
      (select count(*)::int from users u ${whereCourseStudents(challenge)}) as students,
      (select count(*)::int from submissions s
        join sitting_attempts ssa on ssa.id = s.sitting_attempt_id and ssa.sitting_id = ${own}
        where s.challenge_id = ${challenge.challengeId}
          and s.status in ('queued', 'running')) as pending
    from (select a.submission_count, ${finalScoreSql(sql`a.best_score`, max)} as final
      from attempts a where a.challenge_id = ${challenge.challengeId} and a.sitting_id = ${own}
        and ${currentAttemptOnly}) a`);
  const row = rowsOf<{
    started: number;
    submitted: number;
    fullScore: number;
    average: number | null;
    median: number | null;
    students: number;
    pending: number;
  }>(found)[0];
  if (!row) throw new Error('the summary query returned no row');
  const round = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);
  return {
    started: row.started,
    submitted: row.submitted,
    fullScore: row.fullScore,
    average: round(row.average),
    median: round(row.median),
    notStarted: Math.max(0, row.students - row.started),
    pending: row.pending,
  };
}
