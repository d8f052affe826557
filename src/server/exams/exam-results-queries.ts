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
  orderBy,
  sortValueText,
  textSortKey as text,
  type Cursor,
  type SortKey,
} from '../results/keyset.ts';
import { containsPattern, iso, rowsOf } from '../results/sql-helpers.ts';
import { slotCellsSql } from './exam-cells.ts';
import type { ExamRow } from './exam-queries.ts';

export type ExamResultsFilters = Omit<z.output<typeof examResultsQuerySchema>, 'cursor' | 'limit'>;

const STATUSES: readonly ExamAttemptStatus[] = ['not-started', 'working', 'finished'];

/** 0 not started, 1 working, 2 finished (pressed Finish, or the deadline has passed). */
const statusRank = (now: Date): SQL =>
  sql`(case when sa.id is null then 0
    when sa.finished_at is not null or sa.deadline <= ${now.toISOString()}::timestamptz then 2
    else 1 end)`;

/**
 * Whole seconds from the start to when the student finished, or else to their last submission
 * (`lastAt`), never past the deadline; null before either. least() skips nulls, so "neither" is
 * spelled out.
 */
const timeUsed = (lastAt: SQL): SQL => sql`(case when coalesce(sa.finished_at, ${lastAt}) is null
  then null else greatest(0, floor(extract(epoch from
    least(coalesce(sa.finished_at, ${lastAt}), sa.deadline) - sa.started_at)))::int end)`;

const sortKeys = (now: Date): Record<ExamResultsSortColumn, SortKey> => ({
  name: text('u.name'),
  email: text('u.email'),
  total: { expr: sql`sa.exam_total`, type: 'float8' },
  timeUsed: { expr: timeUsed(sql`sa.exam_last_submission_at`), type: 'int' },
  startedAt: { expr: sql`sa.started_at`, type: 'timestamptz' },
  status: { expr: statusRank(now), type: 'int' },
});

const USER_ID = sql`u.id`;

/**
 * Students and their current attempt at the exam, filtered, with its stored total and last
 * submission's time (exam-totals.ts: triggers keep them equal to exam-cells.ts's examTotalsSql).
 */
function fromWhere(exam: ExamRow, filters: ExamResultsFilters, now: Date, extra: SQL[] = []): SQL {
  const conditions: SQL[] = [...extra];
  if (filters.status !== 'all')
    conditions.push(sql`${statusRank(now)} = ${STATUSES.indexOf(filters.status)}`);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (filters.year) conditions.push(sql`u.year = ${filters.year}`);
  if (filters.branch) conditions.push(sql`u.branch = ${filters.branch}`);
  if (filters.college) conditions.push(sql`u.college = ${filters.college}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`from users u
    left join lateral (
      select x.id, x.started_at, x.deadline, x.finished_at, x.exam_total,
        x.exam_last_submission_at from sitting_attempts x
       where x.sitting_id = ${exam.sittingId} and x.user_id = u.id
       order by x.number desc limit 1) sa on true
    ${where}`;
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
  sortValue: string | null;
};

type CellsRow = {
  sittingAttemptId: string;
  cells: (Omit<ExamResultsCell, 'verdict'> & { verdict: string | null })[] | null;
  signals: Record<string, number | string> | null;
};

export type ExamResultsPage = { rows: ExamResultsRow[]; next: Cursor | null };

/**
 * One page in the matrix's order after `after`, in two reads: the page's students with their
 * stored totals and times, then the cells of the page's attempts alone. Sorting 2,000 students
 * by name with every row's cells built took 150 ms on PostgreSQL here, against about 10 ms so.
 */
export async function readExamResultsPage(
  db: Db,
  exam: ExamRow,
  slots: readonly { ordinal: number }[],
  filters: ExamResultsFilters,
  after: Cursor | undefined,
  limit: number,
  now: Date,
): Promise<ExamResultsPage> {
  const key = sortKeys(now)[filters.sort];
  const found = await db.execute(sql`
    select u.id as "userId", u.name, u.email, u.year, u.branch, u.college,
      sa.id as "sittingAttemptId", ${statusRank(now)} as rank,
      ${iso(sql`sa.started_at`)} as "startedAt", ${iso(sql`sa.deadline`)} as deadline,
      ${iso(sql`sa.finished_at`)} as "finishedAt", sa.exam_total as total,
      ${timeUsed(sql`sa.exam_last_submission_at`)} as "timeUsedSeconds",
      ${sortValueText(key)} as "sortValue"
    ${fromWhere(exam, filters, now, after ? [afterCursor(key, USER_ID, after)] : [])}
    order by ${orderBy(key, USER_ID, filters.dir)}
    limit ${limit + 1}`);
  const raw = rowsOf<PageRow>(found);
  const more = raw.length > limit;
  const page = more ? raw.slice(0, limit) : raw;
  const last = page.at(-1);
  const cells = await readCells(
    db,
    exam,
    page.flatMap((r) => (r.sittingAttemptId ? [r.sittingAttemptId] : [])),
  );
  return {
    rows: page.map((r) =>
      toRow(r, (r.sittingAttemptId && cells.get(r.sittingAttemptId)) || null, slots),
    ),
    next:
      more && last
        ? { sort: filters.sort, dir: filters.dir, value: last.sortValue, id: last.userId }
        : null,
  };
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
  const found = await db.execute(sql`
    select sa.id as "sittingAttemptId",
      json_agg(json_build_object('ordinal', x.ordinal, 'challengeId', x."challengeId",
        'score', x.score, 'verdict', x.verdict, 'submissions', x."submissionCount",
        'submissionId', x."submissionId") order by x.ordinal) as cells,
      case when bool_or(x.records) then json_build_object(
        'tabChanges', coalesce(sum(x."tabChanges"), 0),
        'awayMs', coalesce(sum(x."awayMs"), 0),
        'pastes', coalesce(sum(x.pastes), 0),
        'blockedPastes', coalesce(sum(x."blockedPastes"), 0),
        'reloads', coalesce(sum(x.reloads), 0)) end as signals
    from sitting_attempts sa
      cross join lateral (${slotCellsSql(exam.sittingId, sql`sa.id`, exam.scoring)}) x
    where sa.id in (${sql.join(
      sittingAttemptIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by sa.id`);
  return new Map(rowsOf<CellsRow>(found).map((r) => [r.sittingAttemptId, r]));
}

function toRow(
  r: PageRow,
  c: CellsRow | null,
  slots: readonly { ordinal: number }[],
): ExamResultsRow {
  const cells: ExamResultsCell[] =
    c?.cells?.map((cell) => ({
      ...cell,
      verdict: isVerdict(cell.verdict) ? cell.verdict : null,
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

/** Students matching the filters, over all pages (no cells needed). */
export async function countExamResults(
  db: Db,
  exam: ExamRow,
  filters: ExamResultsFilters,
  now: Date,
): Promise<number> {
  const found = await db.execute(sql`select count(*)::int as n ${fromWhere(exam, filters, now)}`);
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
