/**
 * Results by section (issue 33): a challenge's and an exam's results belong to the course of the
 * challenge or exam, and may be narrowed to one of its sections (`sectionId`, in the table's and
 * the exports' query). Each row carries the student's Student ID and Section in that course as
 * the roster upload recorded them (null when unknown). The answer says which sections the course
 * has and whether any of its students has a Student ID, so the screen offers the section choice
 * and the two columns only when there is something to show: a course without either looks
 * exactly as the spec's results always did. The exports always have both columns, empty when
 * unknown, so a gradebook's layout does not depend on the course.
 */
import { z } from 'zod';
import { ROSTER_OPTIONAL_HEADERS } from './roster.ts';

export const sectionMessages = {
  invalidSectionId: 'A section id is a UUID.',
  /** A section of another course, or none at all: the table would otherwise show everyone. */
  sectionNotInCourse: 'No such section in this course.',
} as const;

/** `?sectionId=`: only the students enrolled in that section of the course. */
export const sectionFilterSchema = z.uuid({ error: sectionMessages.invalidSectionId }).optional();

export const resultsSectionSchema = z.object({ sectionId: z.string(), name: z.string() });
export type ResultsSection = z.infer<typeof resultsSectionSchema>;

/** The course the results belong to, as far as the section choice and the columns need it. */
export const resultsCourseSchema = z.object({
  courseId: z.string(),
  code: z.string(),
  /** Its sections, by name. */
  sections: z.array(resultsSectionSchema),
  /** Some student of the course has a Student ID (the table then shows the column). */
  hasStudentIds: z.boolean(),
});
export type ResultsCourse = z.infer<typeof resultsCourseSchema>;

/** The column headers of the exports: the roster's own names for them, so a file reads back. */
export const [STUDENT_ID_HEADER, SECTION_HEADER] = ROSTER_OPTIONAL_HEADERS;

/** The web app's words for the section choice and the columns. */
export const sectionUi = {
  filterSection: 'Section',
  allSections: 'All sections',
  colStudentId: STUDENT_ID_HEADER,
  colSection: SECTION_HEADER,
  /** The roster export's line when a section is chosen: the section's students, started or not. */
  exportRosterSection: 'Everyone in section {section}',
} as const;

/** Which of the two columns the screen shows for this course (none: the spec's screen as is). */
export function sectionColumnsShown(course: ResultsCourse | undefined): {
  studentId: boolean;
  section: boolean;
} {
  return {
    studentId: course?.hasStudentIds ?? false,
    section: (course?.sections.length ?? 0) > 0,
  };
}
