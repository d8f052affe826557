/**
 * The exam's results matrix (contract/exams.ts): one row per student of the roster (users, with
 * the challenge Results view's filters), their current attempt at the exam, a cell per slot
 * (exam-cells.ts) and the total, keyset-paged in the order of any of the contract's columns
 * (results/keyset.ts), never OFFSET. Per-row cells are a lateral subquery over the exam's few
 * slots: for a page sorted by name it runs for the page's rows only.
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
import { roundedTotal, slotCellsSql } from './exam-cells.ts';
import type { ExamRow } from './exam-queries.ts';

export type ExamResultsFilters = Omit<z.output<typeof examResultsQuerySchema>, 'cursor' | 'limit'>;

const STATUSES: readonly ExamAttemptStatus[] = ['not-started', 'working', 'finished'];

/** 0 not started, 1 working, 2 finished (pressed Finish, or the deadline has passed). */
const statusRank = (now: Date): SQL =>
  sql`(case when sa.id is null then 0
    when sa.finished_at is not null or sa.deadline <= ${now.toISOString()}::timestamptz then 2
    else 1 end)`;

/**
 * Whole seconds from the start to when the student finished, or else to their last submission,
 * never past the deadline; null before either. least() skips nulls, so "neither" is spelled out.
 */
const TIME_USED = sql`(case when coalesce(sa.finished_at, m.last_at) is null then null
  else greatest(0, floor(extract(epoch from
    least(coalesce(sa.finished_at, m.last_at), sa.deadline) - sa.started_at)))::int end)`;

const sortKeys = (now: Date): Record<ExamResultsSortColumn, SortKey> => ({
  name: text('u.name'),
  email: text('u.email'),
  total: { expr: sql`m.total`, type: 'float8' },
  timeUsed: { expr: TIME_USED, type: 'int' },
  startedAt: { expr: sql`sa.started_at`, type: 'timestamptz' },
  status: { expr: statusRank(now), type: 'int' },
});

const USER_ID = sql`u.id`;

/** Students and their current attempt at the exam, filtered; `cells` adds the lateral cells. */
function fromWhere(
  exam: ExamRow,
  filters: ExamResultsFilters,
  now: Date,
  options: { cells: boolean; extra?: SQL[] },
): SQL {
  const conditions: SQL[] = [...(options.extra ?? [])];
  const rank = statusRank(now);
  if (filters.status !== 'all') conditions.push(sql`${rank} = ${STATUSES.indexOf(filters.status)}`);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (filters.year) conditions.push(sql`u.year = ${filters.year}`);
  if (filters.branch) conditions.push(sql`u.branch = ${filters.branch}`);
  if (filters.college) conditions.push(sql`u.college = ${filters.college}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const cells = options.cells
    ? sql`left join lateral (
        select ${roundedTotal(sql`x.score`)} as total, max(x."lastSubmissionAt") as last_at,
          json_agg(json_build_object('ordinal', x.ordinal, 'challengeId', x."challengeId",
            'score', x.score, 'verdict', x.verdict, 'submissions', x."submissionCount",
            'submissionId', x."submissionId") order by x.ordinal) as cells,
          case when bool_or(x.records) then json_build_object(
            'tabChanges', coalesce(sum(x."tabChanges"), 0),
            'awayMs', coalesce(sum(x."awayMs"), 0),
            'pastes', coalesce(sum(x.pastes), 0),
            'blockedPastes', coalesce(sum(x."blockedPastes"), 0),
            'reloads', coalesce(sum(x.reloads), 0)) end as signals
        from (${slotCellsSql(exam.sittingId, sql`sa.id`, exam.scoring)}) x
        where sa.id is not null) m on true`
    : sql``;
  return sql`from users u
    left join lateral (
      select x.id, x.started_at, x.deadline, x.finished_at from sitting_attempts x
       where x.sitting_id = ${exam.sittingId} and x.user_id = u.id
       order by x.number desc limit 1) sa on true
    ${cells}
    ${where}`;
}

type RawRow = {
  userId: string;
  name: string;
  email: string;
  year: string | null;
  branch: string | null;
  college: string | null;
  rank: number;
  startedAt: string | null;
  deadline: string | null;
  finishedAt: string | null;
  timeUsedSeconds: number | null;
  total: number | null;
  cells: (Omit<ExamResultsCell, 'verdict'> & { verdict: string | null })[] | null;
  signals: Record<string, number | string> | null;
  sortValue: string | null;
};

export type ExamResultsPage = { rows: ExamResultsRow[]; next: Cursor | null };

/** One page in the matrix's order after `after`; reads `limit + 1` rows to know if more follow. */
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
      ${statusRank(now)} as rank,
      ${iso(sql`sa.started_at`)} as "startedAt", ${iso(sql`sa.deadline`)} as deadline,
      ${iso(sql`sa.finished_at`)} as "finishedAt",
      ${TIME_USED} as "timeUsedSeconds", m.total, m.cells, m.signals,
      ${sortValueText(key)} as "sortValue"
    ${fromWhere(exam, filters, now, {
      cells: true,
      extra: after ? [afterCursor(key, USER_ID, after)] : [],
    })}
    order by ${orderBy(key, USER_ID, filters.dir)}
    limit ${limit + 1}`);
  const raw = rowsOf<RawRow>(found);
  const more = raw.length > limit;
  const page = more ? raw.slice(0, limit) : raw;
  const last = page.at(-1);
  return {
    rows: page.map((r) => toRow(r, slots)),
    next:
      more && last
        ? { sort: filters.sort, dir: filters.dir, value: last.sortValue, id: last.userId }
        : null,
  };
}

function toRow(r: RawRow, slots: readonly { ordinal: number }[]): ExamResultsRow {
  const cells: ExamResultsCell[] =
    r.cells?.map((c) => ({ ...c, verdict: isVerdict(c.verdict) ? c.verdict : null })) ??
    slots.map((s) => ({
      ordinal: s.ordinal,
      challengeId: null,
      score: null,
      verdict: null,
      submissions: 0,
      submissionId: null,
    }));
  const n = (v: number | string | undefined) => Number(v ?? 0);
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
    signals: r.signals
      ? {
          tabChanges: n(r.signals.tabChanges),
          awayMs: n(r.signals.awayMs),
          pastes: n(r.signals.pastes),
          blockedPastes: n(r.signals.blockedPastes),
          reloads: n(r.signals.reloads),
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
  const found = await db.execute(
    sql`select count(*)::int as n ${fromWhere(exam, filters, now, { cells: false })}`,
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
