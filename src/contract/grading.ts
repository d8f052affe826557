/**
 * Manual grading (issue 34 item 3): staff override a student's judged score on a problem (an
 * absolute value, or points added or removed) with a required reason, and grade a problem's
 * manual points (code quality, say) on top of it. A problem is a standing: a challenge in its own
 * sitting, or a slot's challenge in an exam (`?examCode=`). Every entry is kept (the history); the
 * latest one of each part is the current grade, a `clear` removes it. Re-judging changes only the
 * automatic score underneath.
 *
 * The arithmetic is written once here (finalScore), and once more in SQL for the exam totals'
 * trigger (exam-cells.ts and migration 0036): the judged (or overridden) score is kept within 0
 * and the challenge's maximum, then the manual points are added as they are.
 */
import { z } from 'zod';
import { messages } from './messages.ts';

export const OVERRIDE_KINDS = ['absolute', 'adjust'] as const;
export type OverrideKind = (typeof OVERRIDE_KINDS)[number];
export const GRADE_PARTS = ['score', 'manual'] as const;
export type GradePart = (typeof GRADE_PARTS)[number];
/** A reason long enough to mean something, short enough for a gradebook's comment. */
export const REASON_MAX = 500;

export const gradingMessages = {
  reasonRequired: 'Give a reason for the grade.',
  reasonTooLong: `The reason may be at most ${REASON_MAX} characters.`,
  invalidValue: 'The points must be a number.',
  absoluteOutOfRange: 'The score must be from 0 to the challenge’s maximum ({max}).',
  manualOutOfRange: 'The manual points must be from 0 to {max}.',
  noManualPoints: 'This challenge has no manual points: set their maximum first.',
  notOpened: 'This student has not opened this problem, so there is nothing to grade.',
  manualMaxInvalid: 'The manual points’ maximum must be a number from 0 to 1000.',
  // The grading dialog.
  heading: 'Grade',
  automatic: 'Automatic score',
  overrideHeading: 'Score override',
  kindLabel: 'Override',
  kindAbsolute: 'Set the score to',
  kindAdjust: 'Add or remove points',
  valueLabel: 'Points',
  reasonLabel: 'Reason (required)',
  manualHeading: 'Manual points',
  manualLabel: 'Manual points (of {max})',
  manualMaxLabel: 'Manual points’ maximum for this challenge',
  manualMaxSave: 'Set maximum',
  save: 'Save',
  clear: 'Clear',
  saved: 'Grade saved',
  cleared: 'Grade cleared',
  finalScore: 'Final score',
  noOverride: 'No override',
  historyHeading: 'Grading history',
  historyEntry: '{at}: {who} {what}, “{reason}”',
  overriddenBadge: 'overridden',
  finalOf: '{final} of {max} (automatic {automatic})',
} as const;

const reasonSchema = z
  .string({ error: gradingMessages.reasonRequired })
  .trim()
  .min(1, { error: gradingMessages.reasonRequired })
  .max(REASON_MAX, { error: gradingMessages.reasonTooLong });
const pointsSchema = z
  .number({ error: gradingMessages.invalidValue })
  .finite({ error: gradingMessages.invalidValue });

/**
 * A new entry: set (`absolute`, or `adjust` for the score) or `clear` one part of the grade.
 * The reason is checked first: it is what a grade without one is refused for.
 */
export const gradeInputSchema = z
  .object({
    reason: reasonSchema,
    part: z.enum(GRADE_PARTS),
    kind: z.enum(['absolute', 'adjust', 'clear']),
    value: pointsSchema.optional(),
  })
  .refine((input) => input.kind === 'clear' || input.value !== undefined, {
    error: gradingMessages.invalidValue,
    path: ['value'],
  })
  .refine((input) => !(input.part === 'manual' && input.kind === 'adjust'), {
    error: gradingMessages.invalidValue,
    path: ['kind'],
  });
export type GradeInput = z.infer<typeof gradeInputSchema>;

export const gradeParamsSchema = z.object({
  challengeId: z.string().min(1),
  userId: z.uuid({ error: messages.invalidStudentId }),
});
export const manualMaxInputSchema = z.object({
  max: z
    .number({ error: gradingMessages.manualMaxInvalid })
    .min(0, { error: gradingMessages.manualMaxInvalid })
    .max(1000, { error: gradingMessages.manualMaxInvalid }),
});
export const manualMaxParamsSchema = z.object({ challengeId: z.string().min(1) });

export const gradeRoute = '/api/admin/grading/:challengeId/students/:userId';
export const manualMaxRoute = '/api/admin/grading/:challengeId/manual-points';
export const gradePath = (challengeId: string, userId: string, examCode?: string) =>
  `/api/admin/grading/${encodeURIComponent(challengeId)}/students/${encodeURIComponent(userId)}` +
  (examCode === undefined ? '' : `?examCode=${encodeURIComponent(examCode)}`);
export const manualMaxPath = (challengeId: string) =>
  `/api/admin/grading/${encodeURIComponent(challengeId)}/manual-points`;

export const scoreOverrideSchema = z.object({ kind: z.enum(OVERRIDE_KINDS), value: z.number() });
export type ScoreOverride = z.infer<typeof scoreOverrideSchema>;

export const gradeEntrySchema = z.object({
  part: z.enum(GRADE_PARTS),
  kind: z.enum(['absolute', 'adjust', 'clear']),
  value: z.number().nullable(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});
export type GradeEntry = z.infer<typeof gradeEntrySchema>;

export const gradeStateSchema = z.object({
  challengeId: z.string(),
  userId: z.string(),
  maxScore: z.number(),
  manualPointsMax: z.number(),
  /** The judge's score (best or last, as the sitting counts it); null until judged. */
  automatic: z.number().nullable(),
  override: scoreOverrideSchema.nullable(),
  manualPoints: z.number().nullable(),
  /** finalScore below: what the gradebook gets. */
  finalScore: z.number().nullable(),
  /** Newest first. */
  history: z.array(gradeEntrySchema),
});
export type GradeState = z.infer<typeof gradeStateSchema>;

/**
 * What the student sees of their grade (the compiler page's history): the scores, never the
 * staff's reasons or names (those are the staff's record, not feedback).
 */
export const studentGradeSchema = gradeStateSchema.omit({
  challengeId: true,
  userId: true,
  history: true,
});
export type StudentGrade = z.infer<typeof studentGradeSchema>;
export const manualMaxResponseSchema = z.object({
  challengeId: z.string(),
  manualPointsMax: z.number(),
});

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The judged score as the override leaves it, within 0 and `max`; null: nothing to show. */
export function effectiveScore(
  automatic: number | null,
  override: ScoreOverride | null,
  max: number,
): number | null {
  if (!override) return automatic;
  const raw = override.kind === 'absolute' ? override.value : (automatic ?? 0) + override.value;
  return round2(Math.max(0, Math.min(max, raw)));
}

/** The final grade: the effective score plus the manual points; null with neither. */
export function finalScore(
  automatic: number | null,
  override: ScoreOverride | null,
  manualPoints: number | null,
  max: number,
): number | null {
  const effective = effectiveScore(automatic, override, max);
  if (effective === null && manualPoints === null) return null;
  return round2((effective ?? 0) + (manualPoints ?? 0));
}

/** The override columns of a standing as the contract's object (null kind: none). */
export function overrideOf(kind: string | null, value: number | null): ScoreOverride | null {
  return (kind === 'absolute' || kind === 'adjust') && value !== null ? { kind, value } : null;
}
