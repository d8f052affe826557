/**
 * The Students view's calls (and those of its sign-in help and one-time password sheet, issue
 * 33). Deleting is the dashboard's existing delete call (the contract's
 * DELETE /api/user/deleteUser/{email}, as the Delete User form sends it): a feature cannot import
 * another feature, so the call is made here from the same contract path and schema.
 */
import { deleteUserPath, deleteUserResponseSchema } from '../../../contract/admin.ts';
import {
  studentFilterOptionsPath,
  studentFilterOptionsResponseSchema,
  studentsPath,
  studentsResponseSchema,
  toSearchParams,
  type StudentFilterOptions,
  type StudentsQuery,
  type StudentsResponse,
} from '../../../contract/results.ts';
import {
  oneTimePasswordPath,
  oneTimePasswordResponseSchema,
  sheetPath,
  sheetResponseSchema,
  type OneTimePasswordResponse,
  type SheetRequest,
  type SheetResponse,
} from '../../../contract/one-time-passwords.ts';
import { sessionEndedResponseSchema, signOutStudentPath } from '../../../contract/sessions.ts';
import {
  activationLinkPath,
  activationLinkResponseSchema,
  type ActivationLinkResponse,
} from '../../../contract/student-credentials.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The list's query as the web app sends it (the page size is the server's default). */
export type StudentsPageQuery = Omit<StudentsQuery, 'limit'>;

export function fetchStudents(
  token: string,
  query: StudentsPageQuery,
  signal?: AbortSignal,
): Promise<StudentsResponse> {
  const search = toSearchParams(query);
  return apiRequest(search === '' ? studentsPath : `${studentsPath}?${search}`, {
    token,
    schema: studentsResponseSchema,
    signal,
  });
}

export function fetchFilterOptions(token: string): Promise<StudentFilterOptions> {
  return apiRequest(studentFilterOptionsPath, {
    token,
    schema: studentFilterOptionsResponseSchema,
  });
}

export async function deleteStudent(token: string, email: string): Promise<string> {
  return (
    await apiRequest(deleteUserPath(email), {
      method: 'DELETE',
      token,
      schema: deleteUserResponseSchema,
    })
  ).message;
}

/** Ends every session and compiler token of the student (issue 15 item 4). */
export async function signOutStudent(token: string, email: string): Promise<string> {
  return (
    await apiRequest(signOutStudentPath, {
      body: { email },
      token,
      schema: sessionEndedResponseSchema,
    })
  ).message;
}

/** A roster student's activation link (issue 33): made, and mailed too when `send`. */
export function activationLink(
  token: string,
  studentId: string,
  send: boolean,
): Promise<ActivationLinkResponse> {
  return apiRequest(activationLinkPath(studentId), {
    body: { send },
    token,
    schema: activationLinkResponseSchema,
  });
}

/** Gives the student a one-time password (issue 33): answered once, never shown again. */
export function setOneTimePassword(
  token: string,
  studentId: string,
): Promise<OneTimePasswordResponse> {
  return apiRequest(oneTimePasswordPath(studentId), {
    method: 'POST',
    token,
    schema: oneTimePasswordResponseSchema,
  });
}

/**
 * One-time passwords for a course's or a section's students, as the slips of a sheet. Each is
 * hashed like any password, a few at a time beside the students signing in: a large section
 * takes longer than the spec's 10 s, so this call may wait two minutes.
 */
export function makeSheet(
  token: string,
  courseId: string,
  body: SheetRequest,
): Promise<SheetResponse> {
  return apiRequest(sheetPath(courseId), {
    body,
    token,
    schema: sheetResponseSchema,
    timeoutMs: 120_000,
  });
}
