/**
 * The live proctor view (issue 32 item 6): every roster student's state at one sitting (a
 * challenge on its own, or an exam), their time left, current problem, last activity,
 * submissions and integrity counters, followed live by a long poll.
 *
 * Presence: the student's page already holds one timer long poll while it is open (the compiler
 * page's for a challenge, the exam screen's for an exam: contract/sittings.ts). Each poll writes
 * `last_seen_at` when it is older than PRESENCE_WRITE_SECONDS (a conditional UPDATE, so 500
 * students cost a few writes a second), and the problem the page shows. The exam screen names its
 * selected problem with `problem` on its timer poll and starts a new poll when it changes. An
 * arrival (first seen, back from offline, another problem) wakes the proctor polls at once.
 *
 * States: not started (no sitting attempt), working (open, before the deadline, seen recently),
 * offline (open but not seen for OFFLINE_AFTER_SECONDS: "offline since" the last time seen),
 * finished (finished early, or the deadline, with a stop applied, has passed).
 */
import { z } from 'zod';
import { challengeIdSchema } from './challenges.ts';
import { examCodeSchema } from './exams.ts';
import { signalCountersSchema } from './signals.ts';
import { timerQuerySchema } from './sittings.ts';
import { SITTING_LIFECYCLES } from './sittings.ts';

/** A page that holds its timer poll is written as seen at most this often. */
export const PRESENCE_WRITE_SECONDS = 15;
/**
 * Not seen for this long is offline: a connected page starts a timer poll at least every
 * TIMER_WAIT_SECONDS (25 s, web/lib/use-live-deadline.ts) and writes presence at its start when
 * the last write is PRESENCE_WRITE_SECONDS old, so a present student is never older than ~25 s;
 * 20 s more absorb a slow reconnect or a retry (5 s) without flagging a student who is there.
 */
export const OFFLINE_AFTER_SECONDS = 45;
/** The longest a proctor long poll may be held. */
export const MAX_PROCTOR_WAIT_SECONDS = 30;
/**
 * The proctor page's wait. Arrivals are pushed (a page first seen, back from offline, on another
 * problem), but not a page going quiet (nothing happens then), so "offline" shows at the next
 * timeout: short enough that it shows promptly.
 */
export const PROCTOR_WAIT_SECONDS = 12;

export const PROCTOR_STATES = ['not-started', 'working', 'offline', 'finished'] as const;
export type ProctorState = (typeof PROCTOR_STATES)[number];

export const proctorMessages = {
  title: 'Proctor {name}',
  linkLabel: 'Proctor',
  challengeLinkLabel: 'Proctor {challengeId}',
  examLinkLabel: 'Proctor exam {code}',
  back: 'Back to results',
  pick: 'Open the proctor view from a challenge in Home, an exam in Exams, or Results.',
  intro:
    'Every student’s state, live. Offline means their page has not been heard from for {seconds} seconds.',
  stateNotStarted: 'Not started',
  stateWorking: 'Working',
  stateOffline: 'Offline',
  stateFinished: 'Finished',
  offlineSince: 'since {time}',
  stoppedNote: 'Stopped at {time}: every attempt has ended.',
  draftNote: 'This is a draft: students cannot open it yet.',
  summary:
    '{total} in the roster: {notStarted} not started, {working} working, {offline} offline, {finished} finished',
  shown: 'Showing {count}',
  unanswered: '{count} unanswered questions',
  unansweredOne: '1 unanswered question',
  unansweredLinkLabel: '{text}: open the Notices page',
  filterState: 'State',
  filterAll: 'All',
  search: 'Search name or email',
  colStudent: 'Student',
  colState: 'State',
  colTimeLeft: 'Time left',
  colProblem: 'Current problem',
  colLastActivity: 'Last activity',
  colSubmissions: 'Submissions',
  colIntegrity: 'Integrity',
  colActions: 'Actions',
  slot: 'Problem {ordinal}',
  /** Two lines: leaving the page, then pastes (contract/signals.ts). */
  integrityAway: '{tabChanges} left · {away} away',
  integrityPastes: '{pastes} pasted · {blocked} blocked',
  none: '—',
  updated: 'Updated {time}',
  reconnecting: 'Reconnecting…',
  noStudents: 'No student matches.',
  sortBy: 'Sort by {column}',
  tableLabel: 'Students of {name}',
} as const;

export const proctorChallengeRoute = '/api/admin/challenges/:challengeId/proctor';
export const proctorChallengePath = (challengeId: string) =>
  `/api/admin/challenges/${encodeURIComponent(challengeId)}/proctor`;
export const proctorExamRoute = '/api/admin/exams/:examCode/proctor';
export const proctorExamPath = (examCode: string) =>
  `/api/admin/exams/${encodeURIComponent(examCode)}/proctor`;

export const proctorChallengeParamsSchema = z.object({ challengeId: challengeIdSchema });
export const proctorExamParamsSchema = z.object({ examCode: examCodeSchema });

/**
 * `known`: the version the page shows; with `wait`, the answer is held up to that many seconds
 * until the view differs from it. Without `wait` (or without `known`) it is immediate.
 */
export const proctorQuerySchema = z.object({
  known: z.string().max(64).optional(),
  wait: z.coerce.number().int().min(0).max(MAX_PROCTOR_WAIT_SECONDS).optional(),
});
export type ProctorQuery = z.input<typeof proctorQuerySchema>;

/**
 * The exam screen's timer poll, with the problem the student has selected (one of their draws;
 * anything else is ignored for presence, never refused: the timer must keep working).
 */
export const examTimerQuerySchema = timerQuerySchema.extend({
  problem: challengeIdSchema.optional().catch(undefined),
});

export const proctorProblemSchema = z.object({
  challengeId: z.string(),
  title: z.string(),
  /** The exam's slot number; null for a challenge on its own. */
  ordinal: z.number().int().nullable(),
});
export type ProctorProblem = z.infer<typeof proctorProblemSchema>;

export const proctorStudentSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  state: z.enum(PROCTOR_STATES),
  /** Their current sitting attempt (1, then 2 after a reset); null when not started. */
  attemptNumber: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  /** The deadline as the student lives it: a stop and finishing early applied. */
  deadline: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** When their page was last heard from (null: not since they began). */
  lastSeenAt: z.string().nullable(),
  /** The latest of last seen, a submission and an exam signal. */
  lastActivityAt: z.string().nullable(),
  currentProblem: proctorProblemSchema.nullable(),
  /** Over every problem of their current attempt. */
  submissions: z.number().int(),
  /** Summed over their current attempt's problems; null when not started. */
  signals: signalCountersSchema.nullable(),
});
export type ProctorStudent = z.infer<typeof proctorStudentSchema>;

export const proctorCountsSchema = z.object({
  notStarted: z.number().int(),
  working: z.number().int(),
  offline: z.number().int(),
  finished: z.number().int(),
});
export type ProctorCounts = z.infer<typeof proctorCountsSchema>;

export const proctorViewSchema = z.object({
  /** The server's clock when read: the page counts time left from it. */
  generatedAt: z.string(),
  /** Changes whenever anything the view shows changes; the page sends it back as `known`. */
  version: z.string(),
  sitting: z.object({
    kind: z.enum(['challenge', 'exam']),
    /** The test code: the challenge id or the exam code. */
    code: z.string(),
    title: z.string(),
    lifecycle: z.enum(SITTING_LIFECYCLES),
    stoppedAt: z.string().nullable(),
  }),
  students: z.array(proctorStudentSchema),
  counts: proctorCountsSchema,
  /** The sitting's questions nobody has answered yet (its Notices page answers them). */
  unansweredQuestions: z.number().int().nullable(),
});
export type ProctorView = z.infer<typeof proctorViewSchema>;
