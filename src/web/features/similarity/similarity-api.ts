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
  type SimilarityPairResponse,
  type SimilarityReport,
} from '../../../contract/similarity.ts';
import { apiRequest } from '../../lib/api-client.ts';

export async function listChallenges(token: string): Promise<ChallengeSummary[]> {
  return (await apiRequest(getChallengesPath, { token, schema: getChallengesResponseSchema }))
    .challenges;
}

export function fetchReport(
  token: string,
  challengeId: string,
  threshold: number,
  signal?: AbortSignal,
): Promise<SimilarityReport> {
  return apiRequest(similarityPath(challengeId, threshold), {
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
  signal?: AbortSignal,
): Promise<SimilarityPairResponse> {
  return apiRequest(similarityPairPath(challengeId, a, b), {
    token,
    schema: similarityPairResponseSchema,
    signal,
  });
}
