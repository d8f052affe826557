/** The Staff view's calls (contract/staff.ts): the list, an invitation, a role or an account's state. */
import {
  staffInvitationResponseSchema,
  staffInvitationsRoute,
  staffListSchema,
  staffRoute,
  staffUpdateResponseSchema,
  type StaffInvitationRequest,
  type StaffMember,
} from '../../../contract/staff.ts';
import type { StaffRole } from '../../../contract/courses.ts';
import { apiRequest } from '../../lib/api-client.ts';

export { fetchCourses } from '../../lib/staff-self.ts';

export function fetchStaff(token: string, signal?: AbortSignal) {
  return apiRequest(staffRoute, { token, schema: staffListSchema, signal });
}

export function inviteStaff(token: string, body: StaffInvitationRequest) {
  return apiRequest(staffInvitationsRoute, {
    method: 'POST',
    body,
    token,
    schema: staffInvitationResponseSchema,
  });
}

export function updateStaff(
  token: string,
  staffId: string,
  change: { role?: StaffRole; active?: boolean },
): Promise<{ message: string; member: StaffMember }> {
  return apiRequest(`${staffRoute}/${encodeURIComponent(staffId)}`, {
    method: 'PUT',
    body: change,
    token,
    schema: staffUpdateResponseSchema,
  });
}
