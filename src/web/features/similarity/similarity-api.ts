/** The similarity report's calls (src/contract/similarity.ts) through the web app's fetch wrapper. */
import {
  getChallengesPath,
  getChallengesResponseSchema,
  type ChallengeSummary,
} from '../../../contract/challenges.ts';
import {
  similarityPairPath,
  similarityPairResponseSchema,
  similarityPath,
  similarityReportSchema,
  similaritySettingsPath,
  similaritySettingsResponseSchema,
  type SimilarityPairResponse,
  type SimilarityReport,
  type SimilaritySettings,
} from '../../../contract/similarity.ts';
import { apiRequest } from '../../lib/api-client.ts';

export async function listChallenges(token: string): Promise<ChallengeSummary[]> {
  return (await apiRequest(getChallengesPath, { token, schema: getChallengesResponseSchema }))
    .challenges;
}

/** `examCode`: the report of the challenge as a problem of that exam (its students only). */
export function fetchReport(
  token: string,
  challengeId: string,
  threshold: number,
  examCode: string | undefined,
  signal?: AbortSignal,
): Promise<SimilarityReport> {
  return apiRequest(similarityPath(challengeId, threshold, examCode), {
    token,
    schema: similarityReportSchema,
    signal,
  });
}

export function fetchPair(
  token: string,
  challengeId: string,
  a: string,
  b: string,
  examCode: string | undefined,
  signal?: AbortSignal,
): Promise<SimilarityPairResponse> {
  return apiRequest(similarityPairPath(challengeId, a, b, examCode), {
    token,
    schema: similarityPairResponseSchema,
    signal,
  });
}

/** The challenge's minimum of shared tokens and reference solution (teachers). */
export async function saveSettings(
  token: string,
  challengeId: string,
  settings: SimilaritySettings,
): Promise<string> {
  return (
    await apiRequest(similaritySettingsPath(challengeId), {
      method: 'PUT',
      body: settings,
      token,
      schema: similaritySettingsResponseSchema,
    })
  ).message;
}
