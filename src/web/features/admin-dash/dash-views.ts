/**
 * The dashboard's views, chosen by the `view` search parameter. Excel upload is the default
 * (spec §2); the challenge forms exist but are not in the menu. Results and Students extend the
 * spec's menu (issue 12), Similarity after Results (issue 17), Exams with their forms (issue 31);
 * `student` opens a student's submissions over the Results table, so a reload or a shared link
 * shows the same thing. The proctor view (issue 32) of a challenge or an exam is reached from
 * their lists and from Results, not from the menu. Courses (every staff member) and Staff (owners
 * only) come after the spec's items, and the Audit log (owners only) after Staff (issue 33).
 */
import { z } from 'zod';

export const dashViews = [
  'home',
  'exams',
  'add-exam',
  'edit-exam',
  'results',
  'similarity',
  'students',
  'delete-user',
  'excel-upload',
  'import-problem',
  'add-challenge',
  'edit-challenge',
  // Announcements and questions of one challenge (`challengeId`) or exam (`exam`), issue 32.
  'notices',
  'proctor',
  // Issue 33: every staff member's courses, and the owners' staff list and invitations.
  'courses',
  'staff',
  // The owners' audit log (issue 33).
  'audit',
  // Issue 33: the one-time password sheet of the Students view's course or section.
  'credential-sheet',
  // Issue 34: per-test statistics of a challenge (`challengeId`) or an exam's slot (`exam`, `slot`).
  'statistics',
] as const;
export type DashView = (typeof dashViews)[number];
export const DEFAULT_DASH_VIEW: DashView = 'excel-upload';

export const dashSearchSchema = z.object({
  view: z.enum(dashViews).optional().catch(undefined),
  challengeId: z.string().max(64).optional().catch(undefined),
  /** The exam of the exam form, or of the Results view's exam matrix (issue 31). */
  exam: z.string().max(64).optional().catch(undefined),
  student: z.uuid().optional().catch(undefined),
  /** The Students view's course and section, and so its one-time password sheet's (issue 33). */
  courseId: z.uuid().optional().catch(undefined),
  sectionId: z.uuid().optional().catch(undefined),
  /** A student whose exam events (issue 17) are open over the Results table. */
  signals: z.uuid().optional().catch(undefined),
  /** The Statistics view's slot of the exam (issue 34): 1, 2, … */
  slot: z.number().int().min(1).max(1000).optional().catch(undefined),
  /** The Results view's section of the course (issue 33): a filter kept in the address. */
  section: z.uuid().optional().catch(undefined),
  /** The Similarity view's open pair: two submission ids joined by `~` (issue 17). */
  pair: z
    .string()
    .regex(/^[0-9a-f-]{36}~[0-9a-f-]{36}$/)
    .optional()
    .catch(undefined),
});
export type DashSearch = z.infer<typeof dashSearchSchema>;
