/**
 * Roster upload (spec §3 "User upload file columns", §7 downloadExcelTemplate / uploadFileData):
 * the columns, the limits both sides enforce, and the shape of the server's answer. The web
 * preview and the server use the same limits so the preview predicts what the upload will do.
 */
import { z } from 'zod';

export { rosterTemplatePath } from './roster-template.ts';
export const rosterUploadPath = '/api/admin/uploadFileData';
export const ROSTER_FILE_FIELD = 'file';
export const ROSTER_TEMPLATE_FILE_NAME = 'Template.csv';

/** The header row of Template.csv, in this order (spec §3). */
export const ROSTER_HEADERS = ['Name', 'Email', 'Year', 'Branch', 'College Name'] as const;
export type RosterHeader = (typeof ROSTER_HEADERS)[number];

/** What the file input offers; the server checks the content, not only the name. */
export const ROSTER_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const ROSTER_ACCEPT = ROSTER_EXTENSIONS.join(',');

export const ROSTER_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const ROSTER_MAX_ROWS = 100_000;
/** Zip-bomb limits for .xlsx, checked on the zip's directory before anything is inflated. */
export const ROSTER_MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;
export const ROSTER_MAX_ZIP_ENTRIES = 1000;
/** Longest accepted text in one cell (name, year, branch, college). */
export const ROSTER_MAX_CELL_LENGTH = 100;
/** The answer lists at most this many row errors; `rejected` always has the full count. */
export const ROSTER_MAX_REPORTED_ERRORS = 1000;

export const rosterRowErrorSchema = z.object({
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int().positive(),
  message: z.string(),
});
export type RosterRowError = z.infer<typeof rosterRowErrorSchema>;

export const rosterUploadResultSchema = z.object({
  inserted: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  errors: z.array(rosterRowErrorSchema),
});
export type RosterUploadResult = z.infer<typeof rosterUploadResultSchema>;
