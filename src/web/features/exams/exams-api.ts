/**
 * The teacher's exam calls (src/contract/exams.ts) through the api-client. The contract names the
 * paths; the methods are the REST ones of the rest of the admin API: GET the list and one exam,
 * POST to create, PUT to update (the address names the exam as it was, the body may rename it),
 * DELETE, and POST {archived} to archive or restore. A delete the server refuses because students
 * have submitted answers 409 with examHasSubmissions.
 */
import {
  challengeSchema,
  getChallengePath,
  getChallengesPath,
  getChallengesResponseSchema,
  type Challenge,
  type ChallengeSummary,
} from '../../../contract/challenges.ts';
import {
  examArchivePath,
  examDeletedResponseSchema,
  examLifecyclePath,
  examListResponseSchema,
  examPath,
  examPreviewPath,
  examPreviewSchema,
  examResponseSchema,
  examsPath,
  type Exam,
  type ExamInput,
  type ExamPreview,
  type ExamSummary,
} from '../../../contract/exams.ts';
import {
  sittingStateSchema,
  type LifecycleAction,
  type SittingState,
} from '../../../contract/sittings.ts';
import { apiRequest } from '../../lib/api-client.ts';

export async function listExams(token: string): Promise<ExamSummary[]> {
  return (await apiRequest(examsPath, { token, schema: examListResponseSchema })).exams;
}

export async function getExam(token: string, examCode: string): Promise<Exam> {
  return (await apiRequest(examPath(examCode), { token, schema: examResponseSchema })).exam;
}

export async function createExam(token: string, body: ExamInput): Promise<Exam> {
  return (await apiRequest(examsPath, { method: 'POST', body, token, schema: examResponseSchema }))
    .exam;
}

export async function updateExam(token: string, examCode: string, body: ExamInput): Promise<Exam> {
  return (
    await apiRequest(examPath(examCode), {
      method: 'PUT',
      body,
      token,
      schema: examResponseSchema,
    })
  ).exam;
}

export async function deleteExam(token: string, examCode: string): Promise<Exam> {
  return (
    await apiRequest(examPath(examCode), {
      method: 'DELETE',
      token,
      schema: examDeletedResponseSchema,
    })
  ).examDeleted;
}

export async function setExamArchived(
  token: string,
  examCode: string,
  archived: boolean,
): Promise<Exam> {
  return (
    await apiRequest(examArchivePath(examCode), {
      method: 'POST',
      body: { archived },
      token,
      schema: examResponseSchema,
    })
  ).exam;
}

/** Publish, back to draft, stop now or reopen (contract/sittings.ts). */
export function changeExamLifecycle(
  token: string,
  examCode: string,
  action: LifecycleAction,
): Promise<SittingState> {
  return apiRequest(examLifecyclePath(examCode), {
    method: 'POST',
    body: { action },
    token,
    schema: sittingStateSchema,
  });
}

/** "Preview as a student": every problem of every pool, nothing recorded. */
export function fetchExamPreview(token: string, examCode: string): Promise<ExamPreview> {
  return apiRequest(examPreviewPath(examCode), { token, schema: examPreviewSchema });
}

/** Every challenge (an administrator's list is all of them), for the slots' picker. */
export async function listChallenges(token: string): Promise<ChallengeSummary[]> {
  return (await apiRequest(getChallengesPath, { token, schema: getChallengesResponseSchema }))
    .challenges;
}

/** One challenge in full: the preview shows its statement where the compiler page would be. */
export function getChallenge(token: string, challengeId: string): Promise<Challenge> {
  return apiRequest(getChallengePath, {
    method: 'POST',
    body: { challengeId },
    token,
    schema: challengeSchema,
  });
}
