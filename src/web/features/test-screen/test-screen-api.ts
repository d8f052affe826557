/** POST /api/user/getToken: the compiler token and the compiler page's address for this test. */
import {
  getTokenPath,
  getTokenResponseSchema,
  type GetTokenResponse,
} from '../../../contract/compiler.ts';
import type { UserSession } from '../../../contract/session.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function getCompilerToken(
  session: UserSession,
  challengeId: string,
  signal?: AbortSignal,
): Promise<GetTokenResponse> {
  return apiRequest(getTokenPath, {
    body: { email: session.email, name: session.name, challengeId },
    token: session.token,
    schema: getTokenResponseSchema,
    ...(signal ? { signal } : {}),
  });
}
