/** Moving a challenge or an exam to another course (contract/course-moves.ts). */
import { courseMoveResponseSchema, type CourseMoveResponse } from '../../contract/course-moves.ts';
import { apiRequest } from './api-client.ts';

/** `path`: challengeCoursePath(id) or examCoursePath(code). */
export function moveToCourse(
  token: string,
  path: string,
  courseId: string,
): Promise<CourseMoveResponse> {
  return apiRequest(path, {
    method: 'PUT',
    body: { courseId },
    token,
    schema: courseMoveResponseSchema,
  });
}
