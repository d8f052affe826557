/**
 * Staff write feedback on a submission (issue 34 item 4): the note (PUT, empty removes it) and
 * comments on lines of its code (POST; PUT and DELETE by their author only). Every call answers
 * the submission's whole feedback as it now stands, so the dialog shows what is stored. The
 * submission's course decides who may (course-scope.ts, from `submissionId`); the audit log
 * records each change (record-audit.ts). Students read it in their history, once released.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  commentParamsSchema,
  editCommentRequestSchema,
  feedbackMessages,
  feedbackNoteRequestSchema,
  feedbackParamsSchema,
  newCommentRequestSchema,
  submissionCommentRoute,
  submissionCommentsRoute,
  submissionFeedbackRoute,
  submissionFeedbackSchema,
} from '../../contract/submission-feedback.ts';
import { messages } from '../../contract/messages.ts';
import type { Guards } from '../auth/guards.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import {
  codeLineCount,
  commentAuthor,
  deleteComment,
  insertComment,
  staffFeedbackOf,
  updateComment,
  writeNote,
} from './feedback-queries.ts';

type Deps = { db: Db; guards: Guards };

const reply200 = { 200: submissionFeedbackSchema };

export const feedbackRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards }) => {
  const author = (request: FastifyRequest) => {
    if (!request.actor) throw new HttpError(401, messages.unauthorized);
    return { id: request.actor.id, email: request.actor.email };
  };

  /** The submission's code has this many lines; 404 when there is no such submission. */
  const linesOf = async (submissionId: string) => {
    const lines = await codeLineCount(db, submissionId);
    if (lines === undefined) throw new HttpError(404, feedbackMessages.submissionNotFound);
    return lines;
  };

  /** The comment, which must be the caller's own. */
  const ownComment = async (request: FastifyRequest, submissionId: string, commentId: string) => {
    const by = await commentAuthor(db, submissionId, commentId);
    if (by === undefined) throw new HttpError(404, feedbackMessages.commentNotFound);
    if (by !== author(request).id) throw new HttpError(403, feedbackMessages.notYourComment);
  };

  const answer = (request: FastifyRequest, submissionId: string) =>
    staffFeedbackOf(db, submissionId, author(request).id);

  app.get(
    submissionFeedbackRoute,
    {
      onRequest: guards.staff,
      config: { action: 'results.read' },
      schema: { params: feedbackParamsSchema, response: reply200 },
    },
    async (request, reply) => {
      await linesOf(request.params.submissionId);
      reply.header('cache-control', 'private, no-store');
      return answer(request, request.params.submissionId);
    },
  );

  app.put(
    submissionFeedbackRoute,
    {
      onRequest: guards.staff,
      config: { action: 'grading.write' },
      schema: { params: feedbackParamsSchema, body: feedbackNoteRequestSchema, response: reply200 },
    },
    async (request) => {
      const { submissionId } = request.params;
      await linesOf(submissionId);
      await writeNote(db, submissionId, request.body.markdown, author(request));
      return answer(request, submissionId);
    },
  );

  app.post(
    submissionCommentsRoute,
    {
      onRequest: guards.staff,
      config: { action: 'grading.write' },
      schema: { params: feedbackParamsSchema, body: newCommentRequestSchema, response: reply200 },
    },
    async (request) => {
      const { submissionId } = request.params;
      const lines = await linesOf(submissionId);
      if (request.body.line > lines)
        throw new HttpError(
          400,
          feedbackMessages.lineOutsideCode.replace('{lines}', String(lines)),
        );
      await insertComment(db, submissionId, request.body, author(request));
      return answer(request, submissionId);
    },
  );

  app.put(
    submissionCommentRoute,
    {
      onRequest: guards.staff,
      config: { action: 'grading.write' },
      schema: { params: commentParamsSchema, body: editCommentRequestSchema, response: reply200 },
    },
    async (request) => {
      const { submissionId, commentId } = request.params;
      await ownComment(request, submissionId, commentId);
      await updateComment(db, commentId, request.body.body);
      return answer(request, submissionId);
    },
  );

  app.delete(
    submissionCommentRoute,
    {
      onRequest: guards.staff,
      config: { action: 'grading.write' },
      schema: { params: commentParamsSchema, response: reply200 },
    },
    async (request) => {
      const { submissionId, commentId } = request.params;
      await ownComment(request, submissionId, commentId);
      await deleteComment(db, commentId);
      return answer(request, submissionId);
    },
  );
};
