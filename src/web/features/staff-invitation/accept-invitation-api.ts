/** POST /api/admin/acceptInvitation: the invitee's name and password; the answer is a staff session. */
import { adminLoginResponseSchema, type AdminLoginResponse } from '../../../contract/admin.ts';
import { acceptInvitationPath } from '../../../contract/staff.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function acceptInvitation(body: {
  token: string;
  name: string;
  password: string;
}): Promise<AdminLoginResponse> {
  return apiRequest(acceptInvitationPath, { body, schema: adminLoginResponseSchema });
}
