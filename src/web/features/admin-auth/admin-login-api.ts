/** POST /api/admin/login through the api-client. */
import {
  adminLoginPath,
  adminLoginResponseSchema,
  type AdminLoginRequest,
  type AdminLoginResponse,
} from '../../../contract/admin.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function adminLogin(body: AdminLoginRequest): Promise<AdminLoginResponse> {
  return apiRequest(adminLoginPath, { method: 'POST', body, schema: adminLoginResponseSchema });
}
