/**
 * Moving a challenge or an exam to another course (contract/course-moves.ts), each in one
 * transaction: the rows are locked, the refusals checked, then every course changes or none.
 * The caller's right on the course it leaves and the course it enters was checked by the course
 * check before the handler (both are named by the call); an exam's problems kept in a third
 * course are checked here, by the same check, as they are found.
 */
import { courseMessages } from '../../contract/courses.ts';
import {
  courseMoveMessages as text,
  sharedProblemMessage,
  type CourseMoveResponse,
} from '../../contract/course-moves.ts';
import { examMessages } from '../../contract/exams.ts';
import { messages } from '../../contract/messages.ts';
import { authorizeNamed } from '../auth/course-scope.ts';
import type { Actor } from '../auth/policy.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import {
  examElsewhereHolding,
  findCourseRef,
  lockChallengeCourse,
  lockExamCourse,
  lockExamProblems,
  setChallengesCourse,
  setExamCourse,
  type CourseRef,
} from './course-move-queries.ts';

async function targetCourse(db: Db, courseId: string): Promise<CourseRef> {
  const course = await findCourseRef(db, courseId);
  if (!course) throw new HttpError(404, courseMessages.courseNotFound);
  return course;
}

export async function moveChallenge(
  db: Db,
  challengeId: string,
  courseId: string,
): Promise<CourseMoveResponse> {
  return db.transaction(async (tx) => {
    const challenge = await lockChallengeCourse(tx, challengeId);
    if (!challenge) throw new HttpError(404, messages.challengeNotFound);
    const target = await targetCourse(tx, courseId);
    const name = challenge.challengeId;
    if (challenge.courseId === target.id)
      return {
        message: text.alreadyThere.replace('{name}', name).replace('{code}', target.code),
        courseId: target.id,
        movedChallenges: [],
      };
    // An exam of another course would be left with a problem its staff cannot open.
    const exam = await examElsewhereHolding(tx, [name], target.id);
    if (exam) throw new HttpError(409, sharedProblemMessage(text.challengeInExam, exam));
    await setChallengesCourse(tx, [name], target.id);
    return {
      message: text.challengeMoved.replace('{name}', name).replace('{code}', target.code),
      courseId: target.id,
      movedChallenges: [name],
    };
  });
}

/**
 * The exam and every problem it holds that is not yet in the new course. Refused (409) when
 * another exam outside the new course holds one of them; refused as the course check refuses
 * when a problem is in a third course the caller may not change challenges in.
 */
export async function moveExam(
  db: Db,
  actor: Actor | null,
  examCode: string,
  courseId: string,
): Promise<CourseMoveResponse> {
  return db.transaction(async (tx) => {
    const exam = await lockExamCourse(tx, examCode);
    if (!exam) throw new HttpError(404, examMessages.examNotFound);
    const target = await targetCourse(tx, courseId);
    const problems = await lockExamProblems(tx, exam.sittingId);
    const moving = problems.filter((problem) => problem.courseId !== target.id);
    if (exam.courseId === target.id && moving.length === 0)
      return {
        message: text.alreadyThere.replace('{name}', exam.code).replace('{code}', target.code),
        courseId: target.id,
        movedChallenges: [],
      };
    const ids = moving.map((problem) => problem.challengeId);
    const shared = await examElsewhereHolding(tx, ids, target.id, exam.sittingId);
    if (shared) throw new HttpError(409, sharedProblemMessage(text.problemShared, shared));
    if (!actor) throw new HttpError(403, messages.forbidden);
    for (const problem of moving) {
      if (problem.courseId === exam.courseId) continue; // checked with the exam itself
      await authorizeNamed(tx, actor, 'challenge.write', {
        params: { challengeId: problem.challengeId },
        query: undefined,
        body: undefined,
      });
    }
    await setChallengesCourse(tx, ids, target.id);
    await setExamCourse(tx, exam.sittingId, target.id);
    const message =
      ids.length === 0
        ? text.examMovedAlone.replace('{name}', exam.code).replace('{code}', target.code)
        : text.examMoved
            .replace('{name}', exam.code)
            .replace('{code}', target.code)
            .replace('{challenges}', ids.join(', '));
    return { message, courseId: target.id, movedChallenges: ids };
  });
}
