/**
 * Gradebook exports (issue 34 item 6): the final grades (automatic score, staff override and
 * manual points: contract/grading.ts) of a challenge or an exam, one row per student of the
 * roster (of one section when `sectionId` names one), in the layout a learning platform's grade
 * import reads, so the teacher uploads the file as it is (docs/teacher-guide.md says how):
 *
 * - Moodle, "Import grades from CSV" (grade/import/csv): any columns; the teacher maps one to
 *   "ID number" or "Email address" of the user, and the grade column to a grade item (or a new
 *   one). Written: ID number (the roster's Student ID), Email address, Full name, Section, then
 *   the grade item named after the challenge or exam.
 * - Canvas, Gradebook "Import" (the layout of its own export): Student, ID (Canvas's user id:
 *   unknown here, left empty), SIS User ID (the Student ID), SIS Login ID (the email), Section,
 *   then one column per assignment, with a "Points Possible" row under the header. A column
 *   whose title matches no assignment becomes a new assignment with those points.
 */
import { z } from 'zod';
import { resultsPath } from './results.ts';
import { sectionFilterSchema } from './results-sections.ts';

export const GRADEBOOK_FORMATS = ['moodle', 'canvas'] as const;
export type GradebookFormat = (typeof GRADEBOOK_FORMATS)[number];

export const MOODLE_HEADERS = ['ID number', 'Email address', 'Full name', 'Section'] as const;
export const CANVAS_HEADERS = ['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section'] as const;
export const CANVAS_POINTS_POSSIBLE = 'Points Possible';

export const resultsGradebookRoute = '/api/admin/results/:challengeId/gradebook/:format';
export const examGradebookRoute = '/api/admin/exams/:examCode/gradebook/:format';

const sectionQuery = (sectionId: string | undefined) =>
  sectionId ? `?sectionId=${encodeURIComponent(sectionId)}` : '';
export const resultsGradebookPath = (
  challengeId: string,
  format: GradebookFormat,
  sectionId?: string,
) => `${resultsPath(challengeId)}/gradebook/${format}${sectionQuery(sectionId)}`;
export const examGradebookPath = (examCode: string, format: GradebookFormat, sectionId?: string) =>
  `/api/admin/exams/${encodeURIComponent(examCode)}/gradebook/${format}${sectionQuery(sectionId)}`;

export const gradebookFileName = (what: string, format: GradebookFormat, date: string) =>
  `gradebook-${format}-${what}-${date}.csv`;

export const gradebookFormatSchema = z.enum(GRADEBOOK_FORMATS, {
  error: 'The gradebook format must be moodle or canvas.',
});
export const gradebookQuerySchema = z.object({ sectionId: sectionFilterSchema });

export const gradebookLabels = {
  what: 'Final grades of the roster, for a gradebook:',
  moodle: 'Moodle grades (.csv)',
  canvas: 'Canvas grades (.csv)',
  moodleHint: 'Final grades in the layout of Moodle’s “Import grades from CSV”',
  canvasHint: 'Final grades in the layout of Canvas’s gradebook import',
} as const;
