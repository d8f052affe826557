/**
 * The audit log (issue 33): every staff action, who, when, from which address, on what, with
 * what it set (never a password, token or hash; tests by their SHA-256). Owners read it with
 * filters and export it; nobody can change or delete an entry (the database refuses).
 *
 * `changes` has two shapes. A call that updates a target the log can read beforehand (a
 * challenge, an exam, a course, a staff member, a member's role in a course: the server's
 * audit-before.ts) keeps `{ field: { from, to } }` for each field it changed (`{ to }` alone
 * when the before is not known, or for a secret); any other call keeps the values it set,
 * `{ field: value }`. `fieldChangeOf` tells the two apart.
 */
import { z } from 'zod';
import { courseIdSchema } from './courses.ts';

export const AUDIT_PAGE_MAX = 500;

export const auditMessages = {
  invalidFilter: 'Filters are text of at most 200 characters.',
  invalidDate: 'Give dates as YYYY-MM-DD.',
  invalidCursor: 'This page link is not valid: start again from the first page.',
  invalidLimit: `Ask for 1 to ${AUDIT_PAGE_MAX} entries.`,
  notRecorded: '(not recorded)',
} as const;

const filter = z.string({ error: auditMessages.invalidFilter }).trim().max(200, {
  error: auditMessages.invalidFilter,
});
const day = z.iso.date({ error: auditMessages.invalidDate });

export const auditQuerySchema = z.object({
  /** Part of the actor's e-mail address. */
  actor: filter.optional(),
  /** One action exactly, as GET auditActionsRoute lists them (the page's select). */
  action: filter.optional(),
  /** Part of the call: its method and route, such as "PUT /api/admin/exams". */
  call: filter.optional(),
  /** Part of the target's id (a test code, an exam code, a course or staff id, an address). */
  target: filter.optional(),
  /** The course the entries are filed under (a course's id, as GET /api/admin/courses lists). */
  courseId: courseIdSchema.optional(),
  since: day.optional(),
  until: day.optional(),
  /** The id of the last entry of the previous page (entries come newest first). */
  before: z.coerce.number({ error: auditMessages.invalidCursor }).int().positive().optional(),
  limit: z.coerce
    .number({ error: auditMessages.invalidLimit })
    .int()
    .min(1, { error: auditMessages.invalidLimit })
    .max(AUDIT_PAGE_MAX, { error: auditMessages.invalidLimit })
    .default(100),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorEmail: z.string(),
  address: z.string(),
  action: z.string(),
  call: z.string(),
  outcome: z.number(),
  targetKind: z.string(),
  targetId: z.string(),
  /** The course the target belongs to (its code beside), null for none (a staff member). */
  courseId: z.string().nullable(),
  courseCode: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** `before` for the next (older) page, or null at the end. */
  next: z.number().nullable(),
});

/** The actions the log records, for the page's action filter. */
export const auditActionsSchema = z.object({ actions: z.array(z.string()) });

/** One field an update changed (see the header). */
export const auditFieldChangeSchema = z
  .object({ from: z.unknown().optional(), to: z.unknown() })
  .strict()
  .refine((change) => Object.hasOwn(change, 'to'));
export type AuditFieldChange = { from?: unknown; to: unknown };

/** The field's change when the entry kept one, else undefined (the entry kept a value). */
export function fieldChangeOf(value: unknown): AuditFieldChange | undefined {
  const parsed = auditFieldChangeSchema.safeParse(value);
  return parsed.success ? (parsed.data as AuditFieldChange) : undefined;
}

export const auditRoute = '/api/admin/audit';
export const auditActionsRoute = '/api/admin/audit/actions';
export const auditExportRoute = '/api/admin/audit/export.csv';
