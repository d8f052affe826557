/**
 * Courses (issue 33): a course has a code, a title, a term, sections and staff; challenges and
 * exams belong to one, students are enrolled in any number. Every installation has the default
 * course, made by the upgrade that brought courses: everything from before lives there.
 */
import { z } from 'zod';

/** The default course's id, fixed so that SQL (migrations, seeds, column defaults) can name it. */
export const DEFAULT_COURSE_ID = '00000000-0000-4000-8000-000000000001';
export const DEFAULT_COURSE_CODE = 'DEFAULT';

export const STAFF_ROLES = ['owner', 'teacher', 'assistant'] as const;
export const COURSE_ROLES = ['teacher', 'assistant'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export const courseRoleSchema = z.enum(COURSE_ROLES);
