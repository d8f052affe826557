/**
 * Moving a challenge or an exam to another course (issue 33): after the upgrade every existing
 * challenge and exam is in the default course, and a teacher who then creates CS-101 moves them
 * there. Staff only: the caller needs `challenge.write` (a challenge) or `exam.write` (an exam) on
 * BOTH the course it is in and the course it goes to (the course check reads both names: the
 * thing in the path, the course in the body).
 *
 * What moves: only the row's course. Submissions, results, attempts, accommodations and notices
 * hang on the challenge or the exam's sitting, so they go with it untouched.
 *
 * An exam takes its problems with it: every challenge its slots offer or a student was given
 * goes to the new course too, so the exam's new staff can open each problem and its results. A
 * challenge that another exam (one not in the new course) also holds cannot be split from it: the
 * call is refused naming that exam, and nothing moves. For the same reason a challenge held by an
 * exam moves alone only into that exam's course (or with the exam).
 *
 *   PUT challengeCourseRoute (courseMoveRequestSchema) → courseMoveResponseSchema
 *   PUT examCourseRoute (courseMoveRequestSchema) → courseMoveResponseSchema
 */
import { z } from 'zod';
import { courseIdSchema, courseMessages } from './courses.ts';

export const courseMoveMessages = {
  /** The list's row action and its dialog. */
  action: 'Move to course…',
  actionLabel: 'Move {name} to another course',
  title: 'Move {name} to another course',
  intro:
    'Its submissions, results and attempts go with it. Students of the new course can take it; ' +
    'the old course’s staff no longer see it.',
  examIntro:
    'Its problems move with it, and so do their submissions, results and attempts. Students of ' +
    'the new course can take it; the old course’s staff no longer see it.',
  courseLabel: 'Course',
  currentCourse: 'Now in {code}.',
  move: 'Move',
  moving: 'Moving…',
  cancel: 'Cancel',
  noOtherCourse: 'You teach no other course to move it to.',
  // The server's answers.
  challengeMoved: '{name} moved to {code}.',
  examMoved: '{name} moved to {code}, with its problems: {challenges}.',
  examMovedAlone: '{name} moved to {code}.',
  alreadyThere: '{name} is already in {code}.',
  /** A challenge moved alone while an exam of another course holds it. */
  challengeInExam:
    '{challengeId} is a problem of the exam {examCode} in {code}: move that exam instead, ' +
    'and its problems go with it.',
  /** An exam whose problem another exam, staying in another course, holds too. */
  problemShared:
    'The problem {challengeId} of this exam is also in the exam {examCode} of {code}: it cannot ' +
    'be in two courses. Remove it from one of the exams first, or move {examCode} too.',
} as const;

/** A refusal naming the challenge, the exam that holds it and that exam's course code. */
export const sharedProblemMessage = (
  template: typeof courseMoveMessages.challengeInExam | typeof courseMoveMessages.problemShared,
  held: { challengeId: string; examCode: string; courseCode: string },
): string =>
  template
    .replace('{challengeId}', held.challengeId)
    .replaceAll('{examCode}', held.examCode)
    .replace('{code}', held.courseCode);

export const courseMoveRequestSchema = z
  .object({ courseId: courseIdSchema }, { error: courseMessages.invalidCourseId })
  .strict();
export type CourseMoveRequest = z.infer<typeof courseMoveRequestSchema>;

export const courseMoveResponseSchema = z.object({
  message: z.string(),
  /** The course it is in now. */
  courseId: z.string(),
  /** Every challenge that moved (for an exam, its problems; for a challenge, itself). */
  movedChallenges: z.array(z.string()),
});
export type CourseMoveResponse = z.infer<typeof courseMoveResponseSchema>;

export const challengeCourseRoute = '/api/admin/challenges/:challengeId/course';
export const examCourseRoute = '/api/admin/exams/:examCode/course';
export const challengeCoursePath = (challengeId: string) =>
  `/api/admin/challenges/${encodeURIComponent(challengeId)}/course`;
export const examCoursePath = (examCode: string) =>
  `/api/admin/exams/${encodeURIComponent(examCode)}/course`;
