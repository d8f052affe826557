/**
 * The exam's results matrix (contract/exams.ts): one row per student of the roster (users, with
 * the challenge Results view's filters), their current attempt at the exam, a cell per slot
 * (exam-cells.ts) and the total, keyset-paged in the order of any of the contract's columns
 * (results/keyset.ts), never OFFSET. A row's cells are a lateral subquery over the exam's few
 * slots (exam-cells.ts), read for the page's rows only.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ExamAttemptStatus,
  ExamResultsCell,
  ExamResultsRow,
  ExamResultsSortColumn,
  examResultsQuerySchema,
} from '../../contract/exams.ts';
import { isVerdict } from '../../contract/verdicts.ts';
import type { Db } from '../db/connection.ts';
import {
  afterCursor,
  afterValue,
  orderBy,
  sortValueText,
  textSortKey as text,
  type Cursor,
  type SortKey,
} from '../results/keyset.ts';
import { courseStudents, enrolmentColumns, inSection } from '../results/section-columns.ts';
import { executePrepared } from '../db/prepared.ts';
import { containsPattern, iso, rowsOf } from '../db/sql-helpers.ts';
import { slotCellsSql } from './exam-cells.ts';
import type { ExamRow } from './exam-queries.ts';

export type ExamResultsFilters = Omit<z.output<typeof examResultsQuerySchema>, 'cursor' | 'limit'>;

const STATUSES: readonly ExamAttemptStatus[] = ['not-started', 'working', 'finished'];

/**
 * The current attempt's deadline as the student lives it: the earlier of its own and the
 * sitting's stop (sitting-rules.ts withStop; least() skips a null stop), as the proctor view and
 * the student's timer apply it.
 */
const livedDeadline = (exam: ExamRow): SQL =>
  sql`least(sa.deadline, (select st.stopped_at from sittings st where st.id = ${exam.sittingId}))`;

/** 0 not started, 1 working, 2 finished (pressed Finish, or the lived deadline has passed). */
const statusRank = (exam: ExamRow, now: Date): SQL =>
  sql`(case when sa.id is null then 0
    when sa.finished_at is not null or ${livedDeadline(exam)} <= ${now.toISOString()}::timestamptz
      then 2
    else 1 end)`;

/**
 * Whole seconds from the start to when the student finished, or else to their last submission
 * (`lastAt`), never past the deadline; null before either. least() skips nulls, so "neither" is
 * spelled out.
 */
const timeUsed = (exam: ExamRow, lastAt: SQL): SQL => sql`(case
  when coalesce(sa.finished_at, ${lastAt}) is null then null
  else greatest(0, floor(extract(epoch from
    least(coalesce(sa.finished_at, ${lastAt}), ${livedDeadline(exam)}) - sa.started_at)))::int end)`;

const sortKeys = (exam: ExamRow, now: Date): Record<ExamResultsSortColumn, SortKey> => ({
  name: text('u.name'),
  email: text('u.email'),
  total: { expr: sql`sa.exam_total`, type: 'float8' },
  timeUsed: { expr: timeUsed(exam, sql`sa.exam_last_submission_at`), type: 'int' },
  startedAt: { expr: sql`sa.started_at`, type: 'timestamptz' },
  status: { expr: statusRank(exam, now), type: 'int' },
});

const USER_ID = sql`u.id`;

/** The filters' conditions on the student (`u`) and their current attempt (`sa`). */
function filterConditions(exam: ExamRow, filters: ExamResultsFilters, now: Date): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status !== 'all')
    conditions.push(sql`${statusRank(exam, now)} = ${STATUSES.indexOf(filters.status)}`);
  conditions.push(...studentConditions(exam, filters));
  return conditions;
}

/** The filters' conditions on the student alone (`u`); a section is one of the exam's course. */
function studentConditions(exam: ExamRow, filters: ExamResultsFilters): SQL[] {
  const took = sql`exists (select 1 from sitting_attempts t
    where t.sitting_id = ${exam.sittingId} and t.user_id = u.id)`;
  const conditions: SQL[] = [
    ...courseStudents(exam.courseId, took),
    ...inSection(exam.courseId, filters.sectionId),
  ];
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (filters.year) conditions.push(sql`u.year = ${filters.year}`);
  if (filters.branch) conditions.push(sql`u.branch = ${filters.branch}`);
  if (filters.college) conditions.push(sql`u.college = ${filters.college}`);
  return conditions;
}

const whereAll = (conditions: SQL[]): SQL =>
  conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

/**
 * Students and their current attempt at the exam, filtered, with its stored total and last
 * submission's time (exam-totals.ts: triggers keep them equal to exam-cells.ts's examTotalsSql).
 */
function fromWhere(exam: ExamRow, filters: ExamResultsFilters, now: Date, extra: SQL[] = []): SQL {
  return sql`from users u
    left join lateral (
      select x.id, x.started_at, x.deadline, x.finished_at, x.exam_total,
        x.exam_last_submission_at from sitting_attempts x
       where x.sitting_id = ${exam.sittingId} and x.user_id = u.id
       order by x.number desc limit 1) sa on true
    ${whereAll([...extra, ...filterConditions(exam, filters, now)])}`;
}

/**
 * The exam's current sitting attempts (`sa`, the highest number of each student) with their
 * student (`u`), filtered: the same rows as fromWhere's, less the students who never started.
 */
function fromAttemptsWhere(
  exam: ExamRow,
  filters: ExamResultsFilters,
  now: Date,
  extra: SQL[],
): SQL {
  return sql`from sitting_attempts sa join users u on u.id = sa.user_id
    ${whereAll([
      sql`sa.sitting_id = ${exam.sittingId}`,
      sql`not exists (select 1 from sitting_attempts y where y.sitting_id = sa.sitting_id
        and y.user_id = sa.user_id and y.number > sa.number)`,
      ...extra,
      ...filterConditions(exam, filters, now),
    ])}`;
}

type PageRow = {
  userId: string;
  name: string;
  email: string;
  year: string | null;
  branch: string | null;
  college: string | null;
  sittingAttemptId: string | null;
  rank: number;
  startedAt: string | null;
  deadline: string | null;
  finishedAt: string | null;
  total: number | null;
  timeUsedSeconds: number | null;
  studentNumber: string | null;
  section: string | null;
  sortValue: string | null;
};

type CellsRow = {
  sittingAttemptId: string;
  cells: (Omit<ExamResultsCell, 'verdict'> & { verdict: string | null })[] | null;
  signals: Record<string, number | string> | null;
};

export type ExamResultsPage = { rows: ExamResultsRow[]; next: Cursor | null };

/**
 * Sorts whose value belongs to the current attempt, null for a student who never started (and
 * for total and time used until something is judged or submitted): total, time used, started at.
 */
const ATTEMPT_SORTS: ReadonlySet<ExamResultsSortColumn> = new Set([
  'total',
  'timeUsed',
  'startedAt',
]);

/**
 * One page in the matrix's order after `after`, in two reads: the page's students with their
 * stored totals and times (pageRows), then the cells of the page's attempts alone. Sorting 2,000
 * students by name with every row's cells built took 150 ms on PostgreSQL here, against about
 * 10 ms so.
 */
export async function readExamResultsPage(
  db: Db,
  exam: ExamRow,
  /** Awaited only to fill in the empty cells of students who never started (toRow). */
  slots: readonly { ordinal: number }[] | PromiseLike<readonly { ordinal: number }[]>,
  filters: ExamResultsFilters,
  after: Cursor | undefined,
  limit: number,
  now: Date,
): Promise<ExamResultsPage> {
  const raw = await pageRows(db, exam, filters, after, limit + 1, now);
  const more = raw.length > limit;
  const page = more ? raw.slice(0, limit) : raw;
  const last = page.at(-1);
  const cells = await readCells(
    db,
    exam,
    page.flatMap((r) => (r.sittingAttemptId ? [r.sittingAttemptId] : [])),
  );
  const ordinals = await slots;
  return {
    rows: page.map((r) =>
      toRow(r, (r.sittingAttemptId && cells.get(r.sittingAttemptId)) || null, ordinals),
    ),
    next:
      more && last
        ? { sort: filters.sort, dir: filters.dir, value: last.sortValue, id: last.userId }
        : null,
  };
}

function pageColumns(exam: ExamRow, key: SortKey, now: Date): SQL {
  return sql`select u.id as "userId", u.name, u.email, u.year, u.branch, u.college,
      ${enrolmentColumns(exam.courseId)},
      sa.id as "sittingAttemptId", ${statusRank(exam, now)} as rank,
      ${iso(sql`sa.started_at`)} as "startedAt", ${iso(livedDeadline(exam))} as deadline,
      ${iso(sql`sa.finished_at`)} as "finishedAt", sa.exam_total as total,
      ${timeUsed(exam, sql`sa.exam_last_submission_at`)} as "timeUsedSeconds",
      ${sortValueText(key)} as "sortValue"`;
}

/**
 * Up to `n` rows of the matrix's order after `after`. By a name, an email or the status, one
 * read over the students (by name it walks users_name_sort). By an attempt's value the order is
 * every value, then the students without one by id (keyset.ts), read in that order in up to two
 * statements so that a page touches only its own rows: first the exam's current attempts that
 * have a value (by total, a walk of the index sitting_attempts_exam_total that stops after `n`),
 * then, while the page is not full, the students without one. As one statement over the whole
 * roster (a lateral probe of every student's attempt, then a top-N sort) the first page sorted
 * by total took 7-11 ms of PostgreSQL's time for 2,000 students (bench/exams.ts), 0.3 ms so.
 */
async function pageRows(
  db: Db,
  exam: ExamRow,
  filters: ExamResultsFilters,
  after: Cursor | undefined,
  n: number,
  now: Date,
): Promise<PageRow[]> {
  const key = sortKeys(exam, now)[filters.sort];
  if (!ATTEMPT_SORTS.has(filters.sort)) {
    const found = await db.execute(sql`${pageColumns(exam, key, now)}
      ${fromWhere(exam, filters, now, after ? [afterCursor(key, USER_ID, after)] : [])}
      order by ${orderBy(key, USER_ID, filters.dir)}
      limit ${n}`);
    return rowsOf<PageRow>(found);
  }
  // Both parts order by the values' (then the ids') own direction without a nulls clause, as
  // their btree indexes run both ways; neither part holds a null to place.
  const dir = sql.raw(filters.dir);
  const rows: PageRow[] = [];
  const value = after?.value;
  if (value !== null) {
    const found = await executePrepared(
      db,
      sql`${pageColumns(exam, key, now)}
      ${fromAttemptsWhere(exam, filters, now, [
        sql`${key.expr} is not null`,
        ...(after && value !== undefined ? [afterValue(key, USER_ID, { ...after, value })] : []),
      ])}
      order by ${key.expr} ${dir}, sa.user_id ${dir}
      limit ${n}`,
    );
    rows.push(...rowsOf<PageRow>(found));
  }
  if (rows.length < n) {
    const found = await db.execute(sql`${pageColumns(exam, key, now)}
      ${fromWhere(exam, filters, now, [after?.value === null ? afterCursor(key, USER_ID, after) : sql`${key.expr} is null`])}
      order by u.id ${dir}
      limit ${n - rows.length}`);
    rows.push(...rowsOf<PageRow>(found));
  }
  return rows;
}

/** Above this many rows the cells are read with PostgreSQL's JIT off (see readCells). */
const NO_JIT_ROWS = 200;

/**
 * The cells and summed signals of these sitting attempts, grouped in the outer query (the slots'
 * join of exam-cells.ts is pulled up into one join over the page's rows). An export's page of
 * 2,000 rows is estimated above PostgreSQL's jit_above_cost, and compiling it took 40-45 ms of a
 * 100-145 ms read here (bench/exams.ts, EXPLAIN ANALYZE) for a query that runs in about 60 ms
 * without; so large reads run in a transaction with `jit` off for it alone (PGlite has no JIT;
 * the setting is accepted and does nothing).
 */
async function readCells(
  db: Db,
  exam: ExamRow,
  sittingAttemptIds: string[],
): Promise<Map<string, CellsRow>> {
  if (sittingAttemptIds.length > NO_JIT_ROWS)
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return readCellsOnce(tx, exam, sittingAttemptIds);
    });
  return readCellsOnce(db, exam, sittingAttemptIds);
}

async function readCellsOnce(
  db: Db,
  exam: ExamRow,
  sittingAttemptIds: string[],
): Promise<Map<string, CellsRow>> {
  if (sittingAttemptIds.length === 0) return new Map();
  const found = await executePrepared(
    db,
    sql`
    select sa.id as "sittingAttemptId",
      json_agg(json_build_object('ordinal', x.ordinal, 'challengeId', x."challengeId",
        'score', x.score, 'automaticScore', x."automaticScore", 'graded', x.graded,
        'verdict', x.verdict, 'submissions', x."submissionCount",
        'submissionId', x."submissionId") order by x.ordinal) as cells,
      case when bool_or(x.records) then json_build_object(
        'tabChanges', coalesce(sum(x."tabChanges"), 0),
        'awayMs', coalesce(sum(x."awayMs"), 0),
        'pastes', coalesce(sum(x.pastes), 0),
        'blockedPastes', coalesce(sum(x."blockedPastes"), 0),
        'reloads', coalesce(sum(x.reloads), 0)) end as signals
    from unnest(${sql.param(sittingAttemptIds)}::uuid[]) sa(id)
      cross join lateral (${slotCellsSql(exam.sittingId, sql`sa.id`, exam.scoring)}) x
    group by sa.id`,
  );
  return new Map(rowsOf<CellsRow>(found).map((r) => [r.sittingAttemptId, r]));
}

function toRow(
  r: PageRow,
  c: CellsRow | null,
  slots: readonly { ordinal: number }[],
): ExamResultsRow {
  const cells: ExamResultsCell[] =
    c?.cells?.map(({ automaticScore, graded, ...cell }) => ({
      ...cell,
      verdict: isVerdict(cell.verdict) ? cell.verdict : null,
      // The judge's own score only beside a grade: otherwise it is the score.
      ...(graded ? { automaticScore, graded } : {}),
    })) ??
    slots.map((s) => ({
      ordinal: s.ordinal,
      challengeId: null,
      score: null,
      verdict: null,
      submissions: 0,
      submissionId: null,
    }));
  const n = (v: number | string | undefined) => Number(v ?? 0);
  const signals = c?.signals;
  return {
    userId: r.userId,
    name: r.name,
    email: r.email,
    year: r.year,
    branch: r.branch,
    college: r.college,
    status: STATUSES[r.rank] ?? 'not-started',
    startedAt: r.startedAt,
    deadline: r.deadline,
    finishedAt: r.finishedAt,
    timeUsedSeconds: r.timeUsedSeconds,
    total: r.total,
    studentNumber: r.studentNumber,
    section: r.section,
    cells,
    signals: signals
      ? {
          tabChanges: n(signals.tabChanges),
          awayMs: n(signals.awayMs),
          pastes: n(signals.pastes),
          blockedPastes: n(signals.blockedPastes),
          reloads: n(signals.reloads),
        }
      : null,
  };
}

/**
 * Students matching the filters, over all pages (no cells needed). Without a status filter the
 * attempts are not read at all (a lateral probe per student was 3-7 ms of PostgreSQL's time at
 * 2,000 students).
 */
export async function countExamResults(
  db: Db,
  exam: ExamRow,
  filters: ExamResultsFilters,
  now: Date,
): Promise<number> {
  const found = await db.execute(
    filters.status === 'all'
      ? sql`select count(*)::int as n from users u ${whereAll(studentConditions(exam, filters))}`
      : sql`select count(*)::int as n ${fromWhere(exam, filters, now)}`,
  );
  return rowsOf<{ n: number }>(found)[0]?.n ?? 0;
}

/** Whether any problem of the exam records exam signals (the exports then have their columns). */
export async function examRecordsSignals(db: Db, exam: ExamRow): Promise<boolean> {
  const found = await db.execute(sql`
    select 1 from exam_slots sl join exam_slot_choices ch on ch.slot_id = sl.id
      join challenges c on c.challenge_id = ch.challenge_id
    where sl.exam_sitting_id = ${exam.sittingId} and (c.capture_tab_changes or c.disable_paste)
    limit 1`);
  return rowsOf(found).length > 0;
}
