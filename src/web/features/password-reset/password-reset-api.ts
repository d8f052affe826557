/** The two password-reset calls (spec §7) through the api-client. */
import {
  createResetPasswordPath,
  createResetPasswordResponseSchema,
  resetPasswordPath,
  resetPasswordResponseSchema,
  type CreateResetPasswordResponse,
  type ResetPasswordRequest,
  type ResetPasswordResponse,
} from '../../../contract/password-reset.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function requestResetLink(email: string): Promise<CreateResetPasswordResponse> {
  return apiRequest(createResetPasswordPath, {
    method: 'POST',
    body: { email },
    schema: createResetPasswordResponseSchema,
  });
}

export function resetPassword(body: ResetPasswordRequest): Promise<ResetPasswordResponse> {
  return apiRequest(resetPasswordPath, {
    method: 'PUT',
    body,
    schema: resetPasswordResponseSchema,
  });
}
