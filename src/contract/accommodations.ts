/**
 * Per-student accommodations at a sitting (issue 32 item 3), a challenge on its own or an exam
 * alike. Staff give, each with a required reason, one of:
 * - `extra_time`: minutes added (they add up). An attempt already running gets them at once, even
 *   past the class's window end (that is their point); an attempt begun later gets them within the
 *   window it may use.
 * - `factor`: the duration multiplied (1–4, e.g. 1.25). A running attempt grows (or shrinks) by
 *   duration × the change; a later one is duration × factor long.
 * - `window`: the student's own window, instead of the class's: they may begin within it even
 *   when the class's window is closed or not yet open, and it caps the deadline. Times are
 *   wall-clock "YYYY-MM-DDTHH:MM" read in the portal's time zone, as every window is.
 * - `reopen`: a finished or timed-out attempt continues, with `minutes` more:
 *   deadline = max(its deadline, now) + minutes.
 * - `reset`: the attempt ends now and the student's next open begins a new one (numbered + 1);
 *   the old attempt's submissions stay visible to staff, results show the new attempt.
 * Every action is logged (who, when, why) and told to the student's timer at once.
 */
import { z } from 'zod';
import { messages } from './messages.ts';

export const ACCOMMODATION_ACTIONS = ['extra_time', 'factor', 'window', 'reopen', 'reset'] as const;
export type AccommodationAction = (typeof ACCOMMODATION_ACTIONS)[number];

export const MAX_ACCOMMODATION_MINUTES = 1440;
export const MIN_DURATION_FACTOR = 1;
export const MAX_DURATION_FACTOR = 4;
export const MAX_REASON_LENGTH = 500;

export const accommodationMessages = {
  title: 'Accommodations: {name}',
  open: 'Accommodations',
  columnHeader: 'Actions',
  openLabel: 'Accommodations for {name}',
  invalidAction: 'Choose extra time, a duration factor, another window, reopen or reset.',
  invalidMinutes: `Minutes are a whole number from 1 to ${MAX_ACCOMMODATION_MINUTES}.`,
  invalidFactor: `The factor is a number from ${MIN_DURATION_FACTOR} to ${MAX_DURATION_FACTOR}, such as 1.25.`,
  invalidWindowTime: 'Give the window’s start and end as a date and a time.',
  windowEndsBeforeStart: 'The window must end after it starts.',
  reasonRequired: 'Give a reason: it is kept in the log.',
  reasonTooLong: `The reason is at most ${MAX_REASON_LENGTH} characters.`,
  studentNotFound: 'No such student.',
  invalidStudentId: 'A student id is a UUID.',
  reopenNotOver:
    'This student’s attempt is still running: give extra time instead of reopening it.',
  reopenNeverStarted: 'This student has not started: there is no attempt to reopen.',
  resetNeverStarted: 'This student has not started: there is no attempt to reset.',
  resetAlreadyPending:
    'This student’s attempt is already reset: a new one begins at their next open.',
  reopenStopped: 'The test is stopped for everyone: reopen the test first.',
  // The dialog.
  actionLabel: 'Accommodation',
  actionExtraTime: 'Extra minutes',
  actionFactor: 'Duration factor',
  actionWindow: 'Another window',
  actionReopen: 'Reopen the attempt',
  actionReset: 'Reset (a new attempt)',
  minutesLabel: 'Minutes',
  factorLabel: 'Factor (1–4)',
  windowStartLabel: 'Window start ({timeZone})',
  windowEndLabel: 'Window end ({timeZone})',
  reasonLabel: 'Reason (kept in the log)',
  give: 'Give',
  giving: 'Saving…',
  given: 'Saved: {summary}',
  current: 'Now',
  stateNotStarted: 'Not started',
  stateWorking: 'Working, until {time}',
  stateOver: 'Time over at {time}',
  stateFinished: 'Finished at {time}',
  stateResetPending: 'Reset: a new attempt begins at the next open',
  attemptNumber: 'Attempt {n}',
  summaryExtra: '+{minutes} min',
  summaryFactor: '× {factor}',
  summaryWindow: 'own window {start} – {end}',
  summaryNone: 'No accommodation',
  logHeading: 'Log',
  logEmpty: 'Nothing given yet.',
  logWhen: 'When',
  logWho: 'Who',
  logWhat: 'What',
  logWhy: 'Why',
  logExtra: '+{minutes} min',
  logFactor: 'factor {factor}',
  logWindow: 'window {start} – {end}',
  logReopen: 'reopened, +{minutes} min',
  logReset: 'reset',
  logDeadline: 'deadline {before} → {after}',
  rowUntil: 'until {time}',
} as const;

const reasonSchema = z
  .string({ error: accommodationMessages.reasonRequired })
  .trim()
  .min(1, { error: accommodationMessages.reasonRequired })
  .max(MAX_REASON_LENGTH, { error: accommodationMessages.reasonTooLong });

const minutesSchema = z
  .number({ error: accommodationMessages.invalidMinutes })
  .int({ error: accommodationMessages.invalidMinutes })
  .min(1, { error: accommodationMessages.invalidMinutes })
  .max(MAX_ACCOMMODATION_MINUTES, { error: accommodationMessages.invalidMinutes });

/** A wall-clock moment "YYYY-MM-DDTHH:MM" (what a datetime-local field gives), read in TZ. */
export const WALL_CLOCK_PATTERN =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
const wallClockSchema = z
  .string({ error: accommodationMessages.invalidWindowTime })
  .trim()
  .regex(WALL_CLOCK_PATTERN, { error: accommodationMessages.invalidWindowTime });

export const accommodationRequestSchema = z
  .discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('extra_time'), minutes: minutesSchema, reason: reasonSchema }),
      z.object({
        action: z.literal('factor'),
        factor: z
          .number({ error: accommodationMessages.invalidFactor })
          .min(MIN_DURATION_FACTOR, { error: accommodationMessages.invalidFactor })
          .max(MAX_DURATION_FACTOR, { error: accommodationMessages.invalidFactor }),
        reason: reasonSchema,
      }),
      z.object({
        action: z.literal('window'),
        windowStart: wallClockSchema,
        windowEnd: wallClockSchema,
        reason: reasonSchema,
      }),
      z.object({ action: z.literal('reopen'), minutes: minutesSchema, reason: reasonSchema }),
      z.object({ action: z.literal('reset'), reason: reasonSchema }),
    ],
    { error: accommodationMessages.invalidAction },
  )
  // Wall-clock strings of one form compare as their moments do (the same zone, no gap between).
  .refine((body) => body.action !== 'window' || body.windowEnd > body.windowStart, {
    error: accommodationMessages.windowEndsBeforeStart,
  });
export type AccommodationRequest = z.infer<typeof accommodationRequestSchema>;

export const ATTEMPT_STATES = ['not-started', 'working', 'over', 'finished', 'reset'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

export const accommodationLogEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ACCOMMODATION_ACTIONS),
  minutes: z.number().nullable(),
  factor: z.number().nullable(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  deadlineBefore: z.string().nullable(),
  deadlineAfter: z.string().nullable(),
  attemptNumber: z.number().nullable(),
  givenBy: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  givenAt: z.string(),
  reason: z.string(),
});
export type AccommodationLogEntry = z.infer<typeof accommodationLogEntrySchema>;

/** The student's accommodation, timer and log, as staff see them (ISO instants). */
export const accommodationResponseSchema = z.object({
  student: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  timeZone: z.string(),
  accommodation: z.object({
    extraMinutes: z.number(),
    durationFactor: z.number(),
    windowStart: z.string().nullable(),
    windowEnd: z.string().nullable(),
  }),
  /** Their current attempt, null before they start. `deadline`: as they live it (stop applied). */
  attempt: z
    .object({
      number: z.number(),
      startedAt: z.string(),
      deadline: z.string(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
  state: z.enum(ATTEMPT_STATES),
  serverNow: z.string(),
  log: z.array(accommodationLogEntrySchema),
});
export type AccommodationResponse = z.infer<typeof accommodationResponseSchema>;

export const challengeAccommodationsRoute =
  '/api/admin/challenges/:challengeId/students/:userId/accommodations';
export const examAccommodationsRoute = '/api/admin/exams/:examCode/students/:userId/accommodations';

/** Which sitting: a challenge's own (by its id) or an exam's (by its code). */
export type AccommodationSitting =
  { kind: 'challenge'; challengeId: string } | { kind: 'exam'; examCode: string };

const enc = encodeURIComponent;
export const accommodationsPath = (sitting: AccommodationSitting, userId: string) =>
  sitting.kind === 'challenge'
    ? `/api/admin/challenges/${enc(sitting.challengeId)}/students/${enc(userId)}/accommodations`
    : `/api/admin/exams/${enc(sitting.examCode)}/students/${enc(userId)}/accommodations`;

const userIdSchema = z.uuid({ error: accommodationMessages.invalidStudentId });
export const challengeAccommodationsParamsSchema = z.object({
  challengeId: z.string().trim().min(1, { error: messages.provideChallengeId }).max(64),
  userId: userIdSchema,
});
export const examAccommodationsParamsSchema = z.object({
  examCode: z.string().trim().min(1).max(64),
  userId: userIdSchema,
});
