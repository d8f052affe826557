/**
 * Who the signed-in staff member is (GET /api/admin/me) and the courses they may put new things
 * in. Shared: the dashboard's menu shows owners' items from the first, and the course choice of
 * the roster upload, the add-challenge form and the exam editor (ui/course-select.tsx) is built
 * from the second. Both are hints for the screen only; the server checks every call itself.
 */
import { useEffect, useState } from 'react';
import { coursesRoute, courseListSchema, type Course } from '../../contract/courses.ts';
import { staffSelfPath, staffSelfSchema, type StaffSelf } from '../../contract/staff.ts';
import { apiRequest } from './api-client.ts';

export function fetchStaffSelf(token: string, signal?: AbortSignal): Promise<StaffSelf> {
  return apiRequest(staffSelfPath, { token, schema: staffSelfSchema, signal });
}

export async function fetchCourses(token: string, signal?: AbortSignal): Promise<Course[]> {
  return (await apiRequest(coursesRoute, { token, schema: courseListSchema, signal })).courses;
}

/** The signed-in member, or null while unknown (or when the call failed: nothing extra shows). */
export function useStaffSelf(token: string): StaffSelf | null {
  const [self, setSelf] = useState<{ token: string; self: StaffSelf } | null>(null);
  useEffect(() => {
    if (token === '') return;
    const controller = new AbortController();
    fetchStaffSelf(token, controller.signal).then(
      (found) => setSelf({ token, self: found }),
      () => undefined,
    );
    return () => controller.abort();
  }, [token]);
  return self?.token === token ? self.self : null;
}

/** Courses a new challenge, exam or roster may go in: the member's own as owner or teacher. */
export const writableCourses = (courses: readonly Course[]): Course[] =>
  courses.filter((course) => course.myRole === 'owner' || course.myRole === 'teacher');

/**
 * The courses the member may put things in (writableCourses), fetched once for a list whose rows
 * offer "Move to course…"; empty while unknown or when the call failed (nothing extra shows).
 */
export function useWritableCourses(token: string): Course[] {
  const [courses, setCourses] = useState<{ token: string; list: Course[] } | null>(null);
  useEffect(() => {
    if (token === '') return;
    const controller = new AbortController();
    fetchCourses(token, controller.signal).then(
      (found) => setCourses({ token, list: writableCourses(found) }),
      () => undefined,
    );
    return () => controller.abort();
  }, [token]);
  return courses?.token === token ? courses.list : [];
}
