/**
 * Who on the teaching staff may do what (issue 33; docs/design/staff-and-courses.md): the one
 * table of staff actions and the one function that reads it. Every staff route declares its
 * action (`config: { action }`, checked as the app starts: staff-route-check.ts) and
 * `guards.staff` asks `can` before the handler runs; no route tests a role itself.
 *
 * An action is either about one course's things (its challenges, exams, sittings, results and
 * students) or about the whole portal (operations, accounts, staff). Owners may do everything;
 * a teacher or an assistant may do a course action on a course they are staff of, with the
 * rights this table gives their role there, and no portal action.
 */

export type StaffRole = 'owner' | 'teacher' | 'assistant';
export type CourseRole = Exclude<StaffRole, 'owner'>;

/**
 * `portal`: owners only. `course`: on a course, by the member's role there. `role`: by the
 * member's own role, about no course yet (a teacher creating a course).
 */
type Rule =
  { scope: 'portal' } | { scope: 'course' | 'role'; teacher: boolean; assistant: boolean };

const course = (teacher: boolean, assistant: boolean): Rule => ({
  scope: 'course',
  teacher,
  assistant,
});

/**
 * The table. Assistants read, proctor (announce, answer, give time, sign a student out) and,
 * once grading exists, grade; they never change a test, a sitting's rules or delete anything.
 */
export const staffActions = {
  /** A challenge's statement, tests, images and packages. */
  'challenge.read': course(true, true),
  /** Creating, changing, importing and deleting challenges, their test data and images. */
  'challenge.write': course(true, false),
  'exam.read': course(true, true),
  'exam.write': course(true, false),
  /** Publishing, stopping and reopening a sitting; its access rules. */
  'sitting.control': course(true, false),
  /** The proctor view, the notices, a student's accommodations. */
  'sitting.read': course(true, true),
  /** Announcing, answering questions, giving time, signing a student out of every device. */
  'sitting.act': course(true, true),
  /** Results, submissions, exports, integrity signals and similarity. */
  'results.read': course(true, true),
  /**
   * Grading (issue 34): a score set by hand, manual points, feedback and line comments, and
   * releasing results to students. Assistants grade.
   */
  'grading.write': course(true, true),
  /** Judging a submission again. */
  'judge.rejudge': course(true, false),
  /** The list of students and its filters, the roster template. */
  'students.read': course(true, true),
  'roster.upload': course(true, false),
  /** Accounts without mail: a roster student's activation link, one-time passwords and sheets. */
  'students.credentials': course(true, true),
  /** A course's sections, staff and figures. */
  'course.read': course(true, true),
  /** Changing a course, its sections and its staff. */
  'course.write': course(true, false),
  /** Who one is: one's role and courses. */
  'self.read': { scope: 'role', teacher: true, assistant: true },
  /** The list of one's own courses (empty for a new member). */
  'course.list': { scope: 'role', teacher: true, assistant: true },
  /** Creating a course (its creator teaches it). */
  'course.create': { scope: 'role', teacher: true, assistant: false },
  /** Reading and exporting the audit log. */
  'audit.read': { scope: 'portal' },
  /** Inviting staff, changing roles, deactivating accounts. */
  'staff.manage': { scope: 'portal' },
  /** The judge's and the server's state. */
  'operations.read': { scope: 'portal' },
  /** Deleting an account: it leaves every course. */
  'user.delete': { scope: 'portal' },
} satisfies Record<string, Rule>;

export type StaffAction = keyof typeof staffActions;

export const staffActionNames = Object.keys(staffActions) as StaffAction[];

export function isStaffAction(value: unknown): value is StaffAction {
  return typeof value === 'string' && Object.hasOwn(staffActions, value);
}

/** A signed-in staff member as the policy sees them. */
export type Actor = {
  id: string;
  email: string;
  role: StaffRole;
  /** The courses they are staff of, with their role in each (empty for owners: they need none). */
  courses: ReadonlyMap<string, CourseRole>;
};

/**
 * Whether `actor` may do `action`: on the course `courseId` when given, or, without one, on at
 * least one course (the guard's question before the handler knows which course the call is
 * about; the handler asks again with it).
 */
export function can(actor: Actor, action: StaffAction, courseId?: string): boolean {
  if (actor.role === 'owner') return true;
  const rule: Rule = staffActions[action];
  if (rule.scope === 'portal') return false;
  if (rule.scope === 'role') return actor.role === 'teacher' ? rule.teacher : rule.assistant;
  const allows = (role: CourseRole) => (role === 'teacher' ? rule.teacher : rule.assistant);
  if (courseId !== undefined) {
    const role = actor.courses.get(courseId);
    return role !== undefined && allows(role);
  }
  for (const role of actor.courses.values()) if (allows(role)) return true;
  return false;
}
