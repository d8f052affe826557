/**
 * POST /api/user/loginSignUp through the api-client: a session to store, or (a sign-up activated
 * through a mailed link, issue 15 item 3) the "check your email" message.
 */
import {
  loginSignUpAnswerSchema,
  loginSignUpPath,
  type LoginSignUpAnswer,
  type LoginSignUpRequest,
} from '../../../contract/auth.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function loginOrSignUp(body: LoginSignUpRequest): Promise<LoginSignUpAnswer> {
  return apiRequest(loginSignUpPath, { method: 'POST', body, schema: loginSignUpAnswerSchema });
}
