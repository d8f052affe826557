/** A course as GET /api/admin/courses answers it, for the unit tests of course pickers. */
import type { Course } from '../../contract/courses.ts';

export const testCourse = (code: string, myRole: Course['myRole'] = 'teacher'): Course => ({
  id: `id-${code}`,
  code,
  title: `${code} title`,
  term: '',
  isDefault: false,
  students: 0,
  challenges: 0,
  exams: 0,
  sections: [],
  staff: [],
  myRole,
  enrolmentCode: null,
});
