/** PUT /api/user/activateAccount (issue 15 item 3) through the api-client: answers the session. */
import {
  activateAccountPath,
  activateAccountResponseSchema,
  type ActivateAccountRequest,
} from '../../../contract/activate-account.ts';
import type { UserSession } from '../../../contract/session.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function activateAccount(body: ActivateAccountRequest): Promise<UserSession> {
  return apiRequest(activateAccountPath, {
    method: 'PUT',
    body,
    schema: activateAccountResponseSchema,
  });
}
