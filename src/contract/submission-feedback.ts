/**
 * Feedback on a submission (issue 34 item 4): one note per submission (Markdown, rendered by the
 * statement's renderer, which sanitises it) and comments anchored to lines of the submitted
 * code. Staff write them in the submissions dialog (policy action `grading.write`, scoped to the
 * submission's course); the student reads them in their history on the compiler page, once the
 * results are released (result-release.ts). Each comment is its author's: only they may change
 * or delete it. Lines are 1-based, as the code viewer numbers them.
 */
import { z } from 'zod';

export const MAX_FEEDBACK_CHARS = 20_000;
export const MAX_COMMENT_CHARS = 4_000;

export const feedbackMessages = {
  submissionNotFound: 'No submission has this id.',
  commentNotFound: 'No comment has this id on this submission.',
  notYourComment: 'Only its author may change or delete a comment.',
  invalidNote: `The feedback is text of at most ${MAX_FEEDBACK_CHARS} characters.`,
  invalidComment: `A comment is 1 to ${MAX_COMMENT_CHARS} characters of text.`,
  invalidLine: 'The line must be a whole number from 1.',
  lineOutsideCode: 'The code has {lines} lines: a comment must be on one of them.',
  invalidCommentId: 'The comment id is not valid.',
  // The submissions dialog.
  tabFeedback: 'Feedback',
  noteLabel: 'Feedback for the student (Markdown)',
  noteHint: 'The student reads it in their history once the results are released.',
  saveNote: 'Save feedback',
  noteSaved: 'Feedback saved',
  preview: 'Preview',
  commentsHeading: 'Comments on lines',
  noComments: 'No comments yet.',
  lineLabel: 'Line',
  commentLabel: 'Comment',
  addComment: 'Add comment',
  commentAdded: 'Comment added',
  commentSaved: 'Comment saved',
  editComment: 'Edit',
  saveComment: 'Save',
  cancel: 'Cancel',
  deleteComment: 'Delete',
  commentDeleted: 'Comment deleted',
  commentOnLine: 'Line {line}',
  codeLinesLabel: 'The code: choose a line to comment on',
  commentOnThisLine: 'Comment on line {line}',
  commentsOnLineCount: '{count} comment(s)',
  byAuthor: '{author} · {time}',
  edited: 'edited',
  // The student's history.
  feedbackHeading: 'Feedback from your teacher',
  commentsOnCode: 'Comments on your code',
} as const;

export const submissionFeedbackRoute = '/api/admin/submissions/:submissionId/feedback';
export const submissionCommentsRoute = '/api/admin/submissions/:submissionId/comments';
export const submissionCommentRoute = '/api/admin/submissions/:submissionId/comments/:commentId';
const base = (submissionId: string) => `/api/admin/submissions/${encodeURIComponent(submissionId)}`;
export const submissionFeedbackPath = (submissionId: string) => `${base(submissionId)}/feedback`;
export const submissionCommentsPath = (submissionId: string) => `${base(submissionId)}/comments`;
export const submissionCommentPath = (submissionId: string, commentId: string) =>
  `${base(submissionId)}/comments/${encodeURIComponent(commentId)}`;

export const feedbackParamsSchema = z.object({
  submissionId: z.uuid({ error: feedbackMessages.submissionNotFound }),
});
export const commentParamsSchema = feedbackParamsSchema.extend({
  commentId: z.uuid({ error: feedbackMessages.invalidCommentId }),
});

/** PUT the note; an empty (or blank) note removes it. */
export const feedbackNoteRequestSchema = z.object(
  {
    markdown: z
      .string({ error: feedbackMessages.invalidNote })
      .max(MAX_FEEDBACK_CHARS, feedbackMessages.invalidNote),
  },
  { error: feedbackMessages.invalidNote },
);
export type FeedbackNoteRequest = z.input<typeof feedbackNoteRequestSchema>;

const commentBody = z
  .string({ error: feedbackMessages.invalidComment })
  .trim()
  .min(1, feedbackMessages.invalidComment)
  .max(MAX_COMMENT_CHARS, feedbackMessages.invalidComment);

export const newCommentRequestSchema = z.object(
  {
    line: z
      .number({ error: feedbackMessages.invalidLine })
      .int({ error: feedbackMessages.invalidLine })
      .min(1, feedbackMessages.invalidLine),
    body: commentBody,
  },
  { error: feedbackMessages.invalidComment },
);
export type NewCommentRequest = z.input<typeof newCommentRequestSchema>;

export const editCommentRequestSchema = z.object(
  { body: commentBody },
  { error: feedbackMessages.invalidComment },
);
export type EditCommentRequest = z.input<typeof editCommentRequestSchema>;

/** Who wrote it and when, as both staff and the student see it. */
const authored = {
  /** The author's name, or their email when they gave no name. */
  author: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const feedbackNoteSchema = z.object({ markdown: z.string(), ...authored });
export type FeedbackNote = z.infer<typeof feedbackNoteSchema>;

export const lineCommentSchema = z.object({
  commentId: z.string(),
  line: z.number().int(),
  body: z.string(),
  ...authored,
});
export type LineComment = z.infer<typeof lineCommentSchema>;

/** What the student's history carries (compiler.ts historyEntrySchema `feedback`). */
export const studentFeedbackSchema = z.object({
  note: feedbackNoteSchema.nullable(),
  comments: z.array(lineCommentSchema),
});
export type StudentFeedback = z.infer<typeof studentFeedbackSchema>;

/** The staff view: each comment says whether it is the caller's own (they may edit it). */
export const staffCommentSchema = lineCommentSchema.extend({ mine: z.boolean() });
export type StaffComment = z.infer<typeof staffCommentSchema>;
export const submissionFeedbackSchema = z.object({
  submissionId: z.string(),
  note: feedbackNoteSchema.nullable(),
  comments: z.array(staffCommentSchema),
});
export type SubmissionFeedback = z.infer<typeof submissionFeedbackSchema>;
