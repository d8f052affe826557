/** POST /api/user/getToken: the compiler token and the compiler page's address for this test. */
import {
  getTokenPath,
  getTokenResponseSchema,
  type GetTokenResponse,
} from '../../../contract/compiler.ts';
import type { UserSession } from '../../../contract/session.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { SITTING_PASSWORD_HEADER } from '../../../contract/access-rules.ts';

/** `password`: the sitting password the student typed (sent once; the server remembers it). */
export function getCompilerToken(
  session: UserSession,
  challengeId: string,
  signal?: AbortSignal,
  password?: string,
): Promise<GetTokenResponse> {
  return apiRequest(getTokenPath, {
    body: { email: session.email, name: session.name, challengeId },
    token: session.token,
    ...(password === undefined
      ? {}
      : { headers: { [SITTING_PASSWORD_HEADER]: encodeURIComponent(password) } }),
    schema: getTokenResponseSchema,
    ...(signal ? { signal } : {}),
  });
}
