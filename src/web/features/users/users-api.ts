/** The administrator's user calls through the api-client. */
import {
  deleteUserPath,
  deleteUserResponseSchema,
  totalStudentCountPath,
  totalStudentCountResponseSchema,
} from '../../../contract/admin.ts';
import { apiRequest } from '../../lib/api-client.ts';

export async function totalStudentCount(token: string): Promise<number> {
  return (
    await apiRequest(totalStudentCountPath, { token, schema: totalStudentCountResponseSchema })
  ).totalUsers;
}

export async function deleteUser(token: string, email: string): Promise<string> {
  return (
    await apiRequest(deleteUserPath(email), {
      method: 'DELETE',
      token,
      schema: deleteUserResponseSchema,
    })
  ).message;
}
