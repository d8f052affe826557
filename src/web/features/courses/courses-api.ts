/**
 * The Courses view's calls (contract/courses.ts). The staff list (GET /api/admin/staff) is the
 * owners' only: the view asks for it to offer staff to add, and offers nothing when refused. A
 * feature never imports another, so the call is made here from the contract, as Staff does.
 */
import {
  coursePath,
  courseAnswerSchema,
  coursesRoute,
  type Course,
  type CourseInput,
} from '../../../contract/courses.ts';
import { courseEnrolmentCodePath } from '../../../contract/enrolment-codes.ts';
import { staffListSchema, staffRoute, type StaffMember } from '../../../contract/staff.ts';
import { apiRequest } from '../../lib/api-client.ts';

export { fetchCourses } from '../../lib/staff-self.ts';

type Answer = { message: string; course: Course };

export function createCourse(token: string, body: CourseInput): Promise<Answer> {
  return apiRequest(coursesRoute, { method: 'POST', body, token, schema: courseAnswerSchema });
}

export function updateCourse(token: string, id: string, body: CourseInput): Promise<Answer> {
  return apiRequest(coursePath(id), { method: 'PUT', body, token, schema: courseAnswerSchema });
}

export function addSection(token: string, id: string, name: string): Promise<Answer> {
  return apiRequest(`${coursePath(id)}/sections`, {
    method: 'POST',
    body: { name },
    token,
    schema: courseAnswerSchema,
  });
}

export function assignStaff(
  token: string,
  id: string,
  member: { staffId: string } | { staffEmail: string },
  role: 'teacher' | 'assistant',
): Promise<Answer> {
  return apiRequest(`${coursePath(id)}/staff`, {
    method: 'PUT',
    body: { ...member, role },
    token,
    schema: courseAnswerSchema,
  });
}

export function removeStaff(token: string, id: string, staffId: string): Promise<Answer> {
  return apiRequest(`${coursePath(id)}/staff/${encodeURIComponent(staffId)}`, {
    method: 'DELETE',
    token,
    schema: courseAnswerSchema,
  });
}

/** A new enrolment code (the old one stops working), into `sectionId` or none. */
export function generateEnrolmentCode(
  token: string,
  id: string,
  sectionId: string | null,
): Promise<Answer> {
  return apiRequest(courseEnrolmentCodePath(id), {
    method: 'PUT',
    body: { sectionId },
    token,
    schema: courseAnswerSchema,
  });
}

export function turnOffEnrolmentCode(token: string, id: string): Promise<Answer> {
  return apiRequest(courseEnrolmentCodePath(id), {
    method: 'DELETE',
    token,
    schema: courseAnswerSchema,
  });
}

/** Every staff member, for an owner; null for anyone the server refuses it to. */
export async function staffToPick(token: string): Promise<StaffMember[] | null> {
  try {
    return (await apiRequest(staffRoute, { token, schema: staffListSchema })).staff;
  } catch {
    return null;
  }
}
