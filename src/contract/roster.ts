/**
 * Roster upload (spec §3 "User upload file columns", §7 downloadExcelTemplate / uploadFileData):
 * the columns, the limits both sides enforce, and the shape of the server's answer. The web
 * preview and the server use the same limits so the preview predicts what the upload will do.
 */
import { z } from 'zod';
import { courseMessages } from './courses.ts';

import { messages } from './messages.ts';
import { ROSTER_TEMPLATE_FORMATS } from './roster-template.ts';

export {
  rosterTemplatePath,
  rosterTemplateFileName,
  rosterTemplateUrl,
  ROSTER_TEMPLATE_FORMATS,
  type RosterTemplateFormat,
} from './roster-template.ts';
export const rosterUploadPath = '/api/admin/uploadFileData';
export const ROSTER_FILE_FIELD = 'file';
export const ROSTER_TEMPLATE_FILE_NAME = 'Template.csv';

/** The course the uploaded students are enrolled in (issue 33); the default course when absent. */
export const rosterUploadQuerySchema = z.object({
  courseId: z.uuid({ error: courseMessages.invalidCourseId }).optional(),
});

export const rosterTemplateQuerySchema = z.object({
  format: z.enum(ROSTER_TEMPLATE_FORMATS, { error: messages.invalidTemplateFormat }).default('csv'),
});

/** The header row of Template.csv (and Template.xlsx), in this order (spec §3). */
export const ROSTER_HEADERS = ['Name', 'Email', 'Year', 'Branch', 'College Name'] as const;
/**
 * Columns read when a roster has them (issue 33), never in the template: the college's student
 * number and the section of the course the roster is uploaded into.
 */
export const ROSTER_OPTIONAL_HEADERS = ['Student ID', 'Section'] as const;
export type RosterHeader =
  (typeof ROSTER_HEADERS)[number] | (typeof ROSTER_OPTIONAL_HEADERS)[number];

/** What the file input offers; the server checks the content, not only the name. */
export const ROSTER_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const ROSTER_ACCEPT = ROSTER_EXTENSIONS.join(',');

export const ROSTER_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const ROSTER_MAX_ROWS = 100_000;
/**
 * Zip-bomb and memory limits for .xlsx (and for .xls, once converted to .xlsx), checked on the
 * zip before the reader sees it. A student row takes about 320 bytes unpacked in a workbook Excel
 * or exceljs writes (sheet and shared strings) and about 450 in Gnumeric's (indented inline
 * strings), so 24 MB holds some 50,000 students, twice the largest campus roster we plan for; the
 * reader's memory grows with this figure (see README, roster memory). A .csv has no such
 * multiplier: its 10 MB can hold the full 100,000 rows.
 */
export const ROSTER_MAX_UNCOMPRESSED_BYTES = 24 * 1024 * 1024;
export const ROSTER_MAX_ZIP_ENTRIES = 1000;
/**
 * xl/sharedStrings.xml is read into memory whole before the sheet (rich text costs several times
 * its size there); 50,000 students' names and emails need about 5 MB.
 */
export const ROSTER_MAX_SHARED_STRINGS_BYTES = 8 * 1024 * 1024;
/**
 * Longest run of an XML part without markup (one cell's text, one tag with its attributes): the
 * XML parser holds such a run whole. Excel's longest cell, 32,767 characters, takes at most
 * 32,767 x 6 bytes escaped ('&quot;'), under 200 KB.
 */
export const ROSTER_MAX_XML_RUN_BYTES = 256 * 1024;
/**
 * The rightmost column a sheet's cells may use: 256 ('IV'). The roster has five columns, and the
 * sheets it comes from add a few of their own (notes, marks, helper formulas) at most; 256 was
 * the whole width of a worksheet until Excel 2007 and is still all a legacy .xls can hold, so
 * every sheet a person filled in fits. Past it the file is refused before the reader sees it
 * (issue 15 item 10): a cell in column XFD (16,384) on every row, all pointing at one long shared
 * string, cost the reader about 150 µs a row and the server some 100 MB before its refusal.
 */
export const ROSTER_MAX_COLUMN = 256;
/**
 * The .xlsx reader cuts a cell's text past this length (after collapsing its spaces as the row
 * checks do): longer than any cell a row may hold (100 characters, 254 for an email), so the
 * verdict is the same, and a shared string repeated in every cell costs little.
 */
export const ROSTER_MAX_CELL_READ = 1000;
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
