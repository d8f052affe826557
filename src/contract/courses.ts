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
export type StaffRole = z.infer<typeof staffRoleSchema>;
export type CourseRole = z.infer<typeof courseRoleSchema>;

export const MAX_COURSE_CODE_LENGTH = 32;
export const MAX_COURSE_TITLE_LENGTH = 120;
export const MAX_COURSE_TERM_LENGTH = 40;
export const MAX_SECTION_NAME_LENGTH = 40;

export const courseMessages = {
  invalidCode: `A course code is 1 to ${MAX_COURSE_CODE_LENGTH} letters, digits, dashes or dots, such as CS-101.`,
  invalidTitle: `A course title is 1 to ${MAX_COURSE_TITLE_LENGTH} characters.`,
  invalidTerm: `A term is at most ${MAX_COURSE_TERM_LENGTH} characters, such as Fall 2026.`,
  invalidSection: `A section name is 1 to ${MAX_SECTION_NAME_LENGTH} characters.`,
  invalidCourseId: 'A course id is a UUID.',
  invalidStaffId: 'A staff id is a UUID.',
  invalidCourseRole: 'Choose teacher or assistant.',
  codeTaken: 'Another course has this code.',
  sectionTaken: 'This course already has a section of this name.',
  courseNotFound: 'No such course.',
  staffNotFound: 'No such staff member.',
  staffByEmailNotFound:
    'No active staff member has this email address. An owner invites new staff from Staff.',
  staffIdOrEmail: 'Name the staff member by id or by email address, not both.',
  invalidStaffEmail: "Enter the staff member's email address.",
  ownerNeedsNoCourse: 'An owner may act in every course: there is nothing to add.',
  assistantCannotTeach: 'An assistant can only assist in a course.',
  chooseCourse: 'Choose the course this belongs to.',
  courseCreated: 'Course created',
  courseUpdated: 'Course updated',
  sectionAdded: 'Section added',
  staffAssigned: 'Staff member added to the course',
  staffRemoved: 'Staff member removed from the course',
} as const;

const text = (max: number, error: string) =>
  z.string({ error }).trim().min(1, { error }).max(max, { error });

export const courseCodeSchema = text(MAX_COURSE_CODE_LENGTH, courseMessages.invalidCode).regex(
  /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
  { error: courseMessages.invalidCode },
);
export const courseIdSchema = z.uuid({ error: courseMessages.invalidCourseId });

export const courseInputSchema = z
  .object(
    {
      code: courseCodeSchema,
      title: text(MAX_COURSE_TITLE_LENGTH, courseMessages.invalidTitle),
      term: z
        .string({ error: courseMessages.invalidTerm })
        .trim()
        .max(MAX_COURSE_TERM_LENGTH, { error: courseMessages.invalidTerm })
        .default(''),
    },
    { error: courseMessages.invalidTitle },
  )
  .strict();
export type CourseInput = z.input<typeof courseInputSchema>;

export const courseParamsSchema = z.object({ courseId: courseIdSchema });

export const sectionInputSchema = z
  .object(
    { name: text(MAX_SECTION_NAME_LENGTH, courseMessages.invalidSection) },
    { error: courseMessages.invalidSection },
  )
  .strict();

/**
 * A member added to a course: by id (an owner picks from the portal's staff list) or by email
 * (a teacher, who may not read that list, types their assistant's address).
 */
export const courseStaffInputSchema = z
  .object(
    {
      staffId: z.uuid({ error: courseMessages.invalidStaffId }).optional(),
      staffEmail: z
        .string({ error: courseMessages.invalidStaffEmail })
        .trim()
        .toLowerCase()
        .pipe(
          z
            .email({ error: courseMessages.invalidStaffEmail })
            .max(254, { error: courseMessages.invalidStaffEmail }),
        )
        .optional(),
      role: z.enum(COURSE_ROLES, { error: courseMessages.invalidCourseRole }),
    },
    { error: courseMessages.invalidStaffId },
  )
  .strict()
  .refine((input) => (input.staffId === undefined) !== (input.staffEmail === undefined), {
    error: courseMessages.staffIdOrEmail,
  });
export const courseStaffParamsSchema = z.object({
  courseId: courseIdSchema,
  staffId: z.uuid({ error: courseMessages.invalidStaffId }),
});

export const sectionSchema = z.object({ id: z.string(), name: z.string(), students: z.number() });
export const courseStaffMemberSchema = z.object({
  staffId: z.string(),
  email: z.string(),
  name: z.string(),
  role: courseRoleSchema,
});
export const courseSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  term: z.string(),
  isDefault: z.boolean(),
  students: z.number(),
  challenges: z.number(),
  exams: z.number(),
  sections: z.array(sectionSchema),
  staff: z.array(courseStaffMemberSchema),
  /** The caller's role in it: owners are owners everywhere. */
  myRole: staffRoleSchema,
  /**
   * The code students type to join (contract/enrolment-codes.ts) and the section it puts them
   * in; null while it is off. Shown to all the course's staff: assistants hand it out in labs.
   */
  enrolmentCode: z.object({ code: z.string(), sectionId: z.string().nullable() }).nullable(),
});
export type Course = z.infer<typeof courseSchema>;
export const courseListSchema = z.object({ courses: z.array(courseSchema) });
export const courseAnswerSchema = z.object({ message: z.string(), course: courseSchema });

export const coursesRoute = '/api/admin/courses';
export const courseRoute = '/api/admin/courses/:courseId';
export const courseSectionsRoute = '/api/admin/courses/:courseId/sections';
export const courseStaffRoute = '/api/admin/courses/:courseId/staff';
export const courseStaffMemberRoute = '/api/admin/courses/:courseId/staff/:staffId';
export const coursePath = (id: string) => `${coursesRoute}/${encodeURIComponent(id)}`;
