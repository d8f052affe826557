/** PUT /api/user/choosePassword (issue 33) through the api-client: answers the session. */
import {
  choosePasswordPath,
  choosePasswordResponseSchema,
  type ChoosePasswordRequest,
} from '../../../contract/one-time-passwords.ts';
import type { UserSession } from '../../../contract/session.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function choosePassword(body: ChoosePasswordRequest): Promise<UserSession> {
  return apiRequest(choosePasswordPath, {
    method: 'PUT',
    body,
    schema: choosePasswordResponseSchema,
  });
}
