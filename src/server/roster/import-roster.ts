/**
 * Checks and writes the rows of one upload inside ONE transaction, batch by batch as they stream
 * out of the parser, so memory does not grow with the file and any failure (a limit passed late
 * in the file, a parse error, the database) rolls everything back. The header is the first
 * non-blank row; blank rows are skipped and not counted.
 */
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../contract/messages.ts';
import {
  ROSTER_MAX_REPORTED_ERRORS,
  ROSTER_MAX_ROWS,
  type RosterRowError,
  type RosterUploadResult,
} from '../../contract/roster.ts';
import {
  createRosterRowChecker,
  isBlankRow,
  matchRosterHeader,
  type RosterRecord,
} from '../../contract/roster-rows.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import {
  enrolStudents,
  lockRosterUploads,
  ROSTER_BATCH_SIZE,
  upsertStudents,
} from './roster-queries.ts';
import type { SheetRow } from './sheet-row.ts';

type Checker = ReturnType<typeof createRosterRowChecker>;

async function writeRows(
  db: Db,
  rows: AsyncIterable<SheetRow>,
  courseId: string,
  maxRows: number,
): Promise<RosterUploadResult> {
  let check: Checker | undefined;
  let count = 0;
  let batch: RosterRecord[] = [];
  const errors: RosterRowError[] = [];
  const result = { inserted: 0, updated: 0, rejected: 0 };
  // One batch is written while the next is parsed: with PostgreSQL (another process) and with
  // the .xlsx parse (a worker thread) the two run at the same time. At most one write is in
  // flight, since a transaction's statements run one after another anyway; its failure is
  // collected before the next write starts, or at the end.
  let writing: Promise<void> | undefined;
  const flush = async () => {
    const records = batch;
    batch = [];
    await writing;
    writing = upsertStudents(db, records).then(async (written) => {
      result.inserted += written.inserted;
      result.updated += written.updated;
      await enrolStudents(db, courseId, records, written.ids);
    });
    // Keeps a failure from being reported as unhandled while the parse goes on; it is thrown
    // from the `await writing` above or below.
    writing.catch(() => undefined);
  };

  try {
    for await (const { row, cells } of rows) {
      if (isBlankRow(cells)) continue;
      if (!check) {
        const columns = matchRosterHeader(cells);
        if (!columns) throw new HttpError(422, messages.rosterMissingHeaders);
        check = createRosterRowChecker(columns);
        continue;
      }
      if (++count > maxRows) throw new HttpError(413, messages.rosterTooManyRows);
      const verdict = check(row, cells);
      if (!verdict.ok) {
        result.rejected++;
        if (errors.length < ROSTER_MAX_REPORTED_ERRORS)
          errors.push({ row, message: verdict.message });
        continue;
      }
      batch.push(verdict.record);
      if (batch.length >= ROSTER_BATCH_SIZE) await flush();
    }
    if (!check) throw new HttpError(422, messages.rosterMissingHeaders);
    if (count === 0) throw new HttpError(422, messages.rosterNoRows);
    await flush();
  } finally {
    // Never leave the transaction (commit or rollback) with a statement still running. When the
    // parse failed, its error wins over a failed write.
    await writing?.catch(() => undefined);
  }
  await writing;
  return { ...result, errors };
}

/**
 * Every student of the roster is written, and enrolled in `courseId`, in one transaction.
 * `maxRows`: the contract's limit, smaller in import-roster.test.ts.
 */
export async function importRoster(
  db: Db,
  rows: AsyncIterable<SheetRow>,
  log: FastifyBaseLogger,
  courseId: string,
  maxRows = ROSTER_MAX_ROWS,
): Promise<RosterUploadResult> {
  try {
    return await db.transaction(async (tx) => {
      await lockRosterUploads(tx);
      return writeRows(tx, rows, courseId, maxRows);
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The database failed mid-write: the transaction rolled back, so nothing changed.
    log.error({ err: error }, 'roster upload could not be written');
    throw new HttpError(503, messages.rosterNotSaved);
  }
}
