/**
 * Step 2's lookup (issue 31): what a typed test code names, an exam or a challenge
 * (GET testCodePath with the student's token; codes match without regard to case or surrounding
 * spaces). Loaded when Start Test is pressed, not with the first screen (it brings zod and the
 * exams contract). Whatever does not answer "exam" or "challenge" (no such code: 404, no network,
 * a server without the call) opens /challenges/{code} exactly as before, so the test screen says
 * what the spec says there, offline too. Only a refused session (401) stops here: the browser has
 * signed out and step 1 is back.
 *
 * A code once looked up is remembered on this computer, per student: typed again with the network
 * gone, an exam's code still opens the exam screen, which opens from its own copy.
 */
import {
  testCodePath,
  testCodeResponseSchema,
  type TestCodeResponse,
} from '../../../contract/exams.ts';
import type { UserSession } from '../../../contract/session.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { storageGetJson, storageSet } from '../../lib/web-storage.ts';

const rememberedKey = (owner: string, code: string) =>
  `test-code:${owner}:${code.trim().toLowerCase()}`;

function remembered(owner: string, code: string): TestCodeResponse | undefined {
  const parsed = testCodeResponseSchema.safeParse(
    storageGetJson('local', rememberedKey(owner, code)),
  );
  return parsed.success ? parsed.data : undefined;
}

/** Where Start Test goes for `code` (trimmed, non-empty). */
export async function lookUpTestCode(
  session: UserSession,
  code: string,
): Promise<TestCodeResponse> {
  try {
    const answer = await apiRequest(testCodePath(code), {
      token: session.token,
      schema: testCodeResponseSchema,
    });
    storageSet('local', rememberedKey(session.id, code), JSON.stringify(answer));
    return answer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    const known =
      error instanceof ApiError && error.status === 0 ? remembered(session.id, code) : undefined;
    return known ?? { kind: 'challenge', challengeId: code };
  }
}

// In this chunk too: the test code field's one lazily loaded module.
export { joinCourseByCode } from './join-course.ts';
