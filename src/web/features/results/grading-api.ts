/**
 * Staff's grading calls used by the Results page: a submission's feedback (note and line
 * comments, contract/submission-feedback.ts) and when students see results
 * (contract/result-release.ts).
 */
import {
  releasePath,
  releaseStateSchema,
  type ReleaseMode,
  type ReleaseState,
  type ReleaseTarget,
} from '../../../contract/result-release.ts';
import {
  submissionCommentPath,
  submissionCommentsPath,
  submissionFeedbackPath,
  submissionFeedbackSchema,
  type SubmissionFeedback,
} from '../../../contract/submission-feedback.ts';
import { apiRequest } from '../../lib/api-client.ts';

const asFeedback = { schema: submissionFeedbackSchema };

export const fetchFeedback = (token: string, submissionId: string): Promise<SubmissionFeedback> =>
  apiRequest(submissionFeedbackPath(submissionId), { token, ...asFeedback });

export const saveNote = (token: string, submissionId: string, markdown: string) =>
  apiRequest(submissionFeedbackPath(submissionId), {
    token,
    method: 'PUT',
    body: { markdown },
    ...asFeedback,
  });

export const addComment = (token: string, submissionId: string, line: number, body: string) =>
  apiRequest(submissionCommentsPath(submissionId), { token, body: { line, body }, ...asFeedback });

export const editComment = (token: string, submissionId: string, commentId: string, body: string) =>
  apiRequest(submissionCommentPath(submissionId, commentId), {
    token,
    method: 'PUT',
    body: { body },
    ...asFeedback,
  });

export const deleteComment = (token: string, submissionId: string, commentId: string) =>
  apiRequest(submissionCommentPath(submissionId, commentId), {
    token,
    method: 'DELETE',
    ...asFeedback,
  });

export const fetchRelease = (token: string, target: ReleaseTarget): Promise<ReleaseState> =>
  apiRequest(releasePath(target), { token, schema: releaseStateSchema });

export const saveReleaseMode = (token: string, target: ReleaseTarget, mode: ReleaseMode) =>
  apiRequest(releasePath(target), {
    token,
    method: 'PUT',
    body: { mode },
    schema: releaseStateSchema,
  });

export const releaseNow = (token: string, target: ReleaseTarget) =>
  apiRequest(releasePath(target, true), { token, method: 'POST', schema: releaseStateSchema });
