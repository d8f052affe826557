/**
 * Announcements and clarifications of a sitting (issue 32 item 5), for a challenge on its own and
 * an exam alike. Staff post announcements to everyone; a student asks a question, about one
 * problem of the sitting (for an exam, one they drew) or in general; staff answer the asker alone
 * or everyone, which shows the question and the answer to every student without the asker's name.
 * A student never reads another student's question unless it was answered to everyone.
 *
 * Bodies are plain text or Markdown, rendered by the statement's sanitising renderer.
 *
 * Live: the student's one timer long poll (sittings.ts timerQuerySchema) also carries a notices
 * cursor. The page sends `knownNotices`, the cursor of the list it shows; the answer's `notices`
 * is the cursor of what this student may see now (the highest visible notice id, 0 for none), and
 * the poll answers at once when they differ. The page then reads the list. A notice is never
 * edited or deleted, so the cursor only grows and a changed cursor always means something new.
 */
import { z } from 'zod';

export const ANNOUNCEMENT_MAX_CHARS = 5_000;
export const QUESTION_MAX_CHARS = 2_000;
export const ANSWER_MAX_CHARS = 5_000;
/** Open (unanswered) questions one student may have at a sitting at once. */
export const MAX_OPEN_QUESTIONS = 10;

export const noticeMessages = {
  // Validation and refusals.
  emptyNotice: 'Write a message first.',
  announcementTooLong: `An announcement is at most ${ANNOUNCEMENT_MAX_CHARS} characters.`,
  questionTooLong: `A question is at most ${QUESTION_MAX_CHARS} characters.`,
  answerTooLong: `An answer is at most ${ANSWER_MAX_CHARS} characters.`,
  invalidAudience: 'Answer the student who asked, or everyone.',
  invalidQuestionId: 'No such question.',
  questionNotFound: 'This question is not one of this test’s.',
  problemNotInSitting: 'Ask about a problem of this test, or a general question.',
  tooManyOpenQuestions: `You have ${MAX_OPEN_QUESTIONS} questions waiting for an answer. Please wait for the staff to answer before asking more.`,
  // The student's panel.
  panelTitle: 'Announcements',
  panelToggleShow: 'Show announcements',
  panelToggleHide: 'Hide announcements',
  newCount: '{count} new',
  newAnnouncement: 'New announcement from the staff.',
  newAnswer: 'The staff answered a question.',
  nothingYet: 'No announcements yet.',
  offlineCopy: 'Offline: showing the announcements this computer last received.',
  announcementLabel: 'Announcement',
  yourQuestion: 'Your question',
  questionToAll: 'Question',
  answerToYou: 'Answer to you',
  answerToAll: 'Answer to everyone',
  waitingForAnswer: 'Waiting for an answer.',
  askHeading: 'Ask a question',
  askProblem: 'About',
  askGeneral: 'General question',
  askBody: 'Your question',
  askHint: 'Only the staff see your question. If they answer everyone, your name is not shown.',
  askSend: 'Send question',
  askSending: 'Sending…',
  askSent: 'Question sent. The answer will appear here.',
  // The staff page.
  staffTitle: 'Notices: {name}',
  staffBack: 'Back',
  staffUnanswered: '{count} unanswered',
  staffAnnounceHeading: 'Post an announcement',
  staffAnnounceBody: 'Announcement (Markdown)',
  staffAnnounceHint: 'Every student of this test sees it at once, and later if they were offline.',
  staffAnnounceSend: 'Post to everyone',
  staffAnnounced: 'Announcement posted.',
  staffQuestionsHeading: 'Questions',
  staffNoQuestions: 'No questions yet.',
  staffAnnouncementsHeading: 'Announcements posted',
  staffNoAnnouncements: 'None yet.',
  staffAskedBy: '{name} ({email})',
  staffGeneral: 'General',
  staffUnansweredBadge: 'Unanswered',
  staffAnswerBody: 'Answer (Markdown)',
  staffAnswerAsker: 'Answer the student',
  staffAnswerAll: 'Answer everyone',
  staffAnswerAllHint: 'Everyone sees the question and the answer, without the student’s name.',
  staffAnswered: 'Answer sent.',
  staffAnsweredAsker: 'Answer to the student',
  staffRefresh: 'Refresh',
  noticesLink: 'Notices',
  noticesLinkLabel: 'Notices of {name}',
} as const;

const noticeBody = (max: number, tooLong: string) =>
  z
    .string({ error: noticeMessages.emptyNotice })
    .trim()
    .min(1, { error: noticeMessages.emptyNotice })
    .max(max, { error: tooLong });

// ---------------------------------------------------------------- requests
export const announcementRequestSchema = z.object(
  { body: noticeBody(ANNOUNCEMENT_MAX_CHARS, noticeMessages.announcementTooLong) },
  { error: noticeMessages.emptyNotice },
);
export type AnnouncementRequest = z.infer<typeof announcementRequestSchema>;

export const NOTICE_AUDIENCES = ['asker', 'everyone'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

export const answerRequestSchema = z.object(
  {
    body: noticeBody(ANSWER_MAX_CHARS, noticeMessages.answerTooLong),
    audience: z.enum(NOTICE_AUDIENCES, { error: noticeMessages.invalidAudience }),
  },
  { error: noticeMessages.emptyNotice },
);
export type AnswerRequest = z.infer<typeof answerRequestSchema>;

export const questionRequestSchema = z.object(
  {
    body: noticeBody(QUESTION_MAX_CHARS, noticeMessages.questionTooLong),
    /** The problem asked about (a challenge id of the sitting); absent or null: general. */
    challengeId: z
      .string({ error: noticeMessages.problemNotInSitting })
      .trim()
      .min(1, { error: noticeMessages.problemNotInSitting })
      .max(64, { error: noticeMessages.problemNotInSitting })
      .nullable()
      .optional(),
  },
  { error: noticeMessages.emptyNotice },
);
export type QuestionRequest = z.input<typeof questionRequestSchema>;

/** Notice ids are positive integers (bigint identity, well inside 2^53). */
export const noticeIdSchema = z.coerce
  .number({ error: noticeMessages.invalidQuestionId })
  .int({ error: noticeMessages.invalidQuestionId })
  .positive({ error: noticeMessages.invalidQuestionId })
  .max(Number.MAX_SAFE_INTEGER, { error: noticeMessages.invalidQuestionId });

/** The cursor a page sends on its timer long poll (sittings.ts timerQuerySchema). */
export const knownNoticesSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER)
  .optional();

// ---------------------------------------------------------------- answers
const announcementSchema = z.object({ id: z.number(), body: z.string(), createdAt: z.string() });
export type Announcement = z.infer<typeof announcementSchema>;

const studentAnswerSchema = z.object({
  id: z.number(),
  body: z.string(),
  /** True: sent to everyone; false: to the asker alone (only the asker ever sees those). */
  toAll: z.boolean(),
  createdAt: z.string(),
});
export type StudentAnswer = z.infer<typeof studentAnswerSchema>;

const studentQuestionSchema = z.object({
  id: z.number(),
  /** The reader asked it; false: another student's, answered to everyone (no name, ever). */
  mine: z.boolean(),
  challengeId: z.string().nullable(),
  challengeName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  answers: z.array(studentAnswerSchema),
});
export type StudentQuestion = z.infer<typeof studentQuestionSchema>;

/** What a student may read: announcements and questions, newest first. */
export const studentNoticesSchema = z.object({
  cursor: z.number(),
  announcements: z.array(announcementSchema),
  questions: z.array(studentQuestionSchema),
});
export type StudentNotices = z.infer<typeof studentNoticesSchema>;

const staffAnswerSchema = studentAnswerSchema.extend({ author: z.string() });
const staffQuestionSchema = z.object({
  id: z.number(),
  asker: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  challengeId: z.string().nullable(),
  challengeName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  answers: z.array(staffAnswerSchema),
});
export type StaffQuestion = z.infer<typeof staffQuestionSchema>;

/** What staff read: every question with its asker (unanswered first, then newest first). */
export const staffNoticesSchema = z.object({
  cursor: z.number(),
  unanswered: z.number(),
  announcements: z.array(announcementSchema.extend({ author: z.string() })),
  questions: z.array(staffQuestionSchema),
});
export type StaffNotices = z.infer<typeof staffNoticesSchema>;

/** A notice written: its id (the list is read again for the rest). */
export const noticeCreatedSchema = z.object({ id: z.number() });
export type NoticeCreated = z.infer<typeof noticeCreatedSchema>;

// ---------------------------------------------------------------- routes
const enc = encodeURIComponent;

/** Staff: GET → staffNoticesSchema. */
export const challengeNoticesRoute = '/api/admin/challenges/:challengeId/notices';
/** Staff: POST announcementRequestSchema → noticeCreatedSchema. */
export const challengeAnnouncementsRoute =
  '/api/admin/challenges/:challengeId/notices/announcements';
/** Staff: POST answerRequestSchema → noticeCreatedSchema. */
export const challengeAnswerRoute =
  '/api/admin/challenges/:challengeId/notices/questions/:questionId/answers';
export const examNoticesRoute = '/api/admin/exams/:examCode/notices';
export const examAnnouncementsRoute = '/api/admin/exams/:examCode/notices/announcements';
export const examAnswerRoute = '/api/admin/exams/:examCode/notices/questions/:questionId/answers';

/**
 * The student's, from the exam screen (session token): GET → studentNoticesSchema, POST
 * questionRequestSchema → noticeCreatedSchema.
 */
export const studentExamNoticesRoute = '/api/user/exams/:examCode/notices';
/**
 * The student's, from the compiler page of a challenge on its own (its compiler token, the
 * student's credential on that page): GET and POST as the exam's.
 */
export const compilerNoticesRoute = '/api/compiler/notices/:challengeId';

/** Which sitting a staff page is about. */
export type NoticesTarget =
  { kind: 'challenge'; challengeId: string } | { kind: 'exam'; examCode: string };

export function staffNoticesPath(target: NoticesTarget): string {
  return target.kind === 'challenge'
    ? `/api/admin/challenges/${enc(target.challengeId)}/notices`
    : `/api/admin/exams/${enc(target.examCode)}/notices`;
}
export const staffAnnouncementsPath = (target: NoticesTarget) =>
  `${staffNoticesPath(target)}/announcements`;
export const staffAnswerPath = (target: NoticesTarget, questionId: number) =>
  `${staffNoticesPath(target)}/questions/${questionId}/answers`;
export const studentExamNoticesPath = (code: string) => `/api/user/exams/${enc(code)}/notices`;
export const compilerNoticesPath = (challengeId: string) =>
  `/api/compiler/notices/${enc(challengeId)}`;

export const questionParamsSchema = z.object({ questionId: noticeIdSchema });
