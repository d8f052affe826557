/**
 * The backup file, written down once (write-backup.ts writes it, restore-backup.ts reads it):
 * gzip of JSON lines, each line an array whose first element says what it is.
 *
 *   ["portal-backup", {version, createdAt, database, migrations}]     the header, always first
 *   ["table", name]                                                   rows of `name` follow
 *   ["row", {column: value, ...}]                                     one row, as row_to_json wrote it
 *   ["sequence", name, lastValue, isCalled]                           a sequence's position
 *   ["file", name, base64]                                            a generated secret of DATA_DIR
 *   ["end", {rows: {table: count}, files: [names]}]                   always last
 *
 * Why this shape: rows as JSON go back through json_populate_recordset, by column name, into
 * whatever release reads them; bytea, timestamps and arrays keep their exact text forms. The rows
 * are what the backup's release had at its migration level (`migrations`): a newer release
 * restores them at that level, then applies its own later migrations to them, as an upgrade
 * would. One line per row streams both ways, so a backup never has to fit in memory. The end
 * line's counts let a restore refuse a file cut short (a full disk, a copy stopped half-way).
 *
 * `version` is this format's; a reader refuses a version newer than it knows and keeps reading
 * every older one.
 */
export const BACKUP_MAGIC = 'portal-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** What lies in DATA_DIR besides the database and must come back with it (not caches or mail). */
export const BACKED_UP_FILES = ['jwt-secret', 'compiler-app-key'] as const;

export type BackupHeader = {
  version: number;
  createdAt: string;
  /** Which kind of database it was taken from (information only: either restores into either). */
  database: 'pglite' | 'postgres';
  /** The migrations the database had (drizzle's created_at of each, oldest first). */
  migrations: number[];
  /** The portal release that wrote it, for the operator. */
  release: string;
};

export type BackupEnd = { rows: Record<string, number>; files: string[] };

export type BackupLine =
  | ['portal-backup', BackupHeader]
  | ['table', string]
  | ['row', Record<string, unknown>]
  | ['sequence', string, string, boolean]
  | ['file', string, string]
  | ['end', BackupEnd];

export class BackupFileError extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One line of a backup, checked for its shape; `lineNumber` is for the error message. */
export function parseBackupLine(text: string, lineNumber: number): BackupLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupFileError(`line ${lineNumber} of the backup is not JSON: the file is damaged`);
  }
  const bad = () =>
    new BackupFileError(
      `line ${lineNumber} of the backup is not a backup line: the file is damaged`,
    );
  if (!Array.isArray(value) || typeof value[0] !== 'string') throw bad();
  const [kind, a, b, c] = value as unknown[];
  switch (kind) {
    case BACKUP_MAGIC:
      if (!isRecord(a) || typeof a.version !== 'number' || !Array.isArray(a.migrations))
        throw bad();
      return [kind, a as BackupHeader];
    case 'table':
      if (typeof a !== 'string') throw bad();
      return [kind, a];
    case 'row':
      if (!isRecord(a)) throw bad();
      return [kind, a];
    case 'sequence':
      if (typeof a !== 'string' || typeof b !== 'string' || typeof c !== 'boolean') throw bad();
      return [kind, a, b, c];
    case 'file':
      if (typeof a !== 'string' || typeof b !== 'string') throw bad();
      return [kind, a, b];
    case 'end':
      if (!isRecord(a) || !isRecord(a.rows) || !Array.isArray(a.files)) throw bad();
      return [kind, a as BackupEnd];
    default:
      throw bad();
  }
}

/** The name `npm run backup` gives a file when none is named: sortable, no colons. */
export function defaultBackupName(now: Date): string {
  return `portal-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/u, 'Z')
    .replace(/:/gu, '-')}.jsonl.gz`;
}
