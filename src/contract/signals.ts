/**
 * Exam signals (issue 17): what the built-in compiler page records about an attempt when the
 * teacher asked for it (challenge settings `captureTabChanges` and `disablePaste`), how it sends
 * them, and what the teacher reads back.
 *
 * Times: `at` is the page's reading of the server's clock when the event happened (the browser's
 * clock corrected by the offset measured when the statement loaded, ui/server-clock.ts). It
 * is a claim of the browser, kept because events queued offline arrive late; `receivedAt` is the
 * server's own clock when the event arrived, the only time the student cannot change.
 */
import { z } from 'zod';
import { challengeIdSchema } from './challenges.ts';
import { messages } from './messages.ts';

/** Events in one request: a batch is small, the page sends often. */
export const MAX_SIGNALS_PER_BATCH = 50;
/** Events stored per attempt: enough for a long exam's honest use, bounded against a flood. */
export const MAX_SIGNALS_PER_ATTEMPT = 2000;
/** Events accepted per attempt per minute (by the server's clock); more answer 429. */
export const MAX_SIGNALS_PER_MINUTE = 240;
/** The largest body of the events call (a full batch is about 8 KB). */
export const SIGNALS_MAX_BODY_BYTES = 32 * 1024;
/** Longest time away one event may report (a laptop closed overnight reads as this). */
const MAX_AWAY_MS = 7 * 24 * 3600 * 1000;

export const SIGNAL_KINDS = ['left', 'returned', 'paste', 'reload'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];
/** Why the page counted the student as away: the page was hidden, or the window lost focus. */
export const LEAVE_REASONS = ['hidden', 'blur'] as const;
export type LeaveReason = (typeof LEAVE_REASONS)[number];

const base = {
  /** Made by the page: the server stores an event once, however many times it is sent. */
  eventId: z.uuid({ error: messages.invalidSignal }),
  at: z.iso.datetime({ offset: true, error: messages.invalidSignal }),
};
const count = (max: number) =>
  z
    .number({ error: messages.invalidSignal })
    .int({ error: messages.invalidSignal })
    .min(0, { error: messages.invalidSignal })
    .max(max, { error: messages.invalidSignal });

export const signalEventSchema = z.discriminatedUnion(
  'kind',
  [
    /** The student left the test: the page was hidden or the window lost focus. */
    z.object({ ...base, kind: z.literal('left'), reason: z.enum(LEAVE_REASONS) }),
    /** Back on the test after `awayMs` (measured by the page). */
    z.object({ ...base, kind: z.literal('returned'), awayMs: count(MAX_AWAY_MS) }),
    /** A paste into the editor of text not copied from it; `blocked` when disablePaste stopped it. */
    z.object({
      ...base,
      kind: z.literal('paste'),
      chars: count(10_000_000),
      blocked: z.boolean({ error: messages.invalidSignal }),
    }),
    /** The test page was loaded again on this computer (a reload, or reopened). */
    z.object({ ...base, kind: z.literal('reload') }),
  ],
  { error: messages.invalidSignal },
);
export type SignalEvent = z.infer<typeof signalEventSchema>;

export const signalsPath = '/api/compiler/attempts/:attemptId/events';
export const signalsParamsSchema = z.object({
  attemptId: z.uuid({ error: messages.attemptNotFound }),
});
export const signalsRequestSchema = z.object(
  {
    events: z
      .array(signalEventSchema, { error: messages.invalidSignal })
      .min(1, { error: messages.invalidSignal })
      .max(MAX_SIGNALS_PER_BATCH, { error: messages.signalsBatchTooLarge }),
  },
  { error: messages.invalidSignal },
);
export type SignalsRequest = z.infer<typeof signalsRequestSchema>;
export const signalsResponseSchema = z.object({
  /** Stored now. */
  accepted: z.number().int(),
  /** Already stored from an earlier send. */
  duplicates: z.number().int(),
  /** Not recorded: the challenge's settings no longer ask for them. */
  ignored: z.number().int(),
});
export type SignalsResponse = z.infer<typeof signalsResponseSchema>;

/** The teacher's counters per attempt (Results row). */
export const signalCountersSchema = z.object({
  /** Times the student left the test (page hidden or window unfocused). */
  tabChanges: z.number().int(),
  /** Time away in all, from the page's measure of each absence that ended. */
  awayMs: z.number().int(),
  /** Pastes from outside the editor that went in; a blocked paste counts in blockedPastes only. */
  pastes: z.number().int(),
  blockedPastes: z.number().int(),
  reloads: z.number().int(),
});
export type SignalCounters = z.infer<typeof signalCountersSchema>;

export const signalTimelinePath = '/api/admin/signals/:challengeId/students/:userId';
export const signalTimelineParamsSchema = z.object({
  challengeId: challengeIdSchema,
  userId: z.uuid({ error: messages.studentNotFound }),
});
export const timelineEventSchema = z.object({
  eventId: z.string(),
  kind: z.enum(SIGNAL_KINDS),
  reason: z.enum(LEAVE_REASONS).optional(),
  awayMs: z.number().int().optional(),
  chars: z.number().int().optional(),
  blocked: z.boolean().optional(),
  /** The page's claim (see the top of this file). */
  clientAt: z.string(),
  /** The server's clock on arrival. */
  receivedAt: z.string(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
export const signalTimelineSchema = z.object({
  student: z.object({ name: z.string(), email: z.string() }),
  captureTabChanges: z.boolean(),
  disablePaste: z.boolean(),
  /** Null when the student never opened the challenge. */
  startedAt: z.string().nullable(),
  deadline: z.string().nullable(),
  counters: signalCountersSchema,
  /** In the order they happened by the page's clock (ties by arrival). */
  events: z.array(timelineEventSchema),
  /** True when the attempt reached MAX_SIGNALS_PER_ATTEMPT: later events were refused. */
  full: z.boolean(),
});
export type SignalTimeline = z.infer<typeof signalTimelineSchema>;
