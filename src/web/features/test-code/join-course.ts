/**
 * A course's enrolment code typed into step 2's test code field (contract/enrolment-codes.ts):
 * its shape (`K7MQ.XP4T`, with a dot no test code may hold) says it is one, so only such a code
 * is sent to the join call, and every test code goes on exactly as before. A code of that shape
 * the server does not know (404), or an answer that never came, goes on as a test code too, so a
 * code that names nothing ends where the spec says. A refused session (401) and too many misses
 * (429) stop here with the server's message.
 */
import {
  enrolmentCodeOf,
  joinCourseAnswerSchema,
  joinCourseRoute,
} from '../../../contract/enrolment-codes.ts';
import type { UserSession } from '../../../contract/session.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';

/** The "You joined …" message once the student is in the course; undefined to go on. */
export async function joinCourseByCode(
  session: UserSession,
  typed: string,
): Promise<string | undefined> {
  const code = enrolmentCodeOf(typed);
  if (code === null) return undefined;
  try {
    const answer = await apiRequest(joinCourseRoute, {
      method: 'POST',
      body: { code },
      token: session.token,
      schema: joinCourseAnswerSchema,
    });
    return answer.message;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 429)) throw error;
    return undefined;
  }
}
