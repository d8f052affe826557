/** POST /api/user/loginSignUp through the api-client; answers the session to store. */
import {
  loginSignUpPath,
  loginSignUpResponseSchema,
  type LoginSignUpRequest,
} from '../../../contract/auth.ts';
import type { UserSession } from '../../../contract/session.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function loginOrSignUp(body: LoginSignUpRequest): Promise<UserSession> {
  return apiRequest(loginSignUpPath, { method: 'POST', body, schema: loginSignUpResponseSchema });
}
