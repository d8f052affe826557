/**
 * Enrolment codes (issue 33 item 2): a course's staff turn on a code, students type it into
 * step 2's test code field and join the course (into a section, when the code names one).
 *
 * The shape, `K7MQ.XP4T`: two groups of four characters of an alphabet without 0/O/1/I/L,
 * joined by a dot. A test code (a challenge id or an exam code, CHALLENGE_ID_PATTERN) can never
 * hold a dot, so the two kinds cannot collide, and nothing has to look one up to refuse the
 * other: a check "this code is taken" at the creation of a challenge would have told its author
 * that some course's enrolment code exists. The web form therefore knows from the shape alone
 * which call to make. 31^8 ≈ 8.5 × 10^11 codes, from crypto.randomInt; misses are counted like
 * failed sign-ins (per student and per address), so guessing one costs what guessing a password
 * does.
 */
import { z } from 'zod';
import { courseIdSchema } from './courses.ts';
import { messages } from './messages.ts';

export const ENROLMENT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ENROLMENT_CODE_GROUP = 4;
const group = `[A-HJKMNP-Z2-9]{${ENROLMENT_CODE_GROUP}}`;
const ENROLMENT_CODE_PATTERN = new RegExp(`^${group}\\.${group}$`);

/** The code as stored (upper case) when `typed` has the shape of one, else null. */
export function enrolmentCodeOf(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  return ENROLMENT_CODE_PATTERN.test(code) ? code : null;
}

export const enrolmentCodeMessages = {
  /** {code} and {title}: the course's. */
  joined: 'You joined {code} — {title}',
  generated: 'Enrolment code generated',
  turnedOff: 'Enrolment code turned off',
  invalidSection: 'Choose a section of this course, or none.',
} as const;

export const joinedMessage = (course: { code: string; title: string }) =>
  enrolmentCodeMessages.joined.replace('{code}', course.code).replace('{title}', course.title);

// ---------------------------------------------------------------- staff

/**
 * PUT: a new code (the old one stops working), into `sectionId` when given. DELETE: the code
 * is turned off. Both answer courseAnswerSchema (contract/courses.ts), action 'course.write'.
 */
export const courseEnrolmentCodeRoute = '/api/admin/courses/:courseId/enrolment-code';
export const courseEnrolmentCodePath = (courseId: string) =>
  `/api/admin/courses/${encodeURIComponent(courseId)}/enrolment-code`;

export const enrolmentCodeInputSchema = z
  .object(
    {
      sectionId: z.uuid({ error: enrolmentCodeMessages.invalidSection }).nullable().default(null),
    },
    { error: enrolmentCodeMessages.invalidSection },
  )
  .strict();
export type EnrolmentCodeInput = z.input<typeof enrolmentCodeInputSchema>;
export const enrolmentCodeParamsSchema = z.object({ courseId: courseIdSchema });

// ---------------------------------------------------------------- student

/**
 * POST {code} with the student's session token: joins the course (again is fine) and answers
 * its code and title with `joined`. A code that names no course answers 404 with the spec's
 * messages.challengeNotFound (the web then goes on as for any test code); too many misses
 * answer 429 messages.tooManyAttempts with Retry-After.
 */
export const joinCourseRoute = '/api/user/enrolments';
const namesNothing = { error: messages.challengeNotFound };
export const joinCourseInputSchema = z
  .object(
    { code: z.string(namesNothing).trim().min(1, namesNothing).max(64, namesNothing) },
    namesNothing,
  )
  .strict();
export const joinCourseAnswerSchema = z.object({
  message: z.string(),
  course: z.object({ code: z.string(), title: z.string() }),
});
export type JoinCourseAnswer = z.infer<typeof joinCourseAnswerSchema>;
