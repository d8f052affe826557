/** The admin's challenge calls (spec §7) through the api-client. */
import {
  addChallengePath,
  addChallengeResponseSchema,
  challengeSchema,
  deleteChallengePath,
  deleteChallengeResponseSchema,
  getChallengePath,
  getChallengesPath,
  getChallengesResponseSchema,
  updateChallengePath,
  updateChallengeResponseSchema,
  type Challenge,
  type ChallengeInput,
  type ChallengeSummary,
} from '../../../contract/challenges.ts';
import { apiRequest } from '../../lib/api-client.ts';

export async function addChallenge(token: string, body: ChallengeInput): Promise<Challenge> {
  const res = await apiRequest(addChallengePath, {
    method: 'POST',
    body,
    token,
    schema: addChallengeResponseSchema,
  });
  return res.challengeCreated;
}

export function getChallenge(token: string, challengeId: string): Promise<Challenge> {
  return apiRequest(getChallengePath, {
    method: 'POST',
    body: { challengeId },
    token,
    schema: challengeSchema,
  });
}

export async function updateChallenge(token: string, body: ChallengeInput): Promise<Challenge> {
  const res = await apiRequest(updateChallengePath, {
    method: 'POST',
    body,
    token,
    schema: updateChallengeResponseSchema,
  });
  return res.challengeUpdated;
}

export async function deleteChallenge(token: string, challengeId: string): Promise<Challenge> {
  const res = await apiRequest(
    `${deleteChallengePath}?challengeId=${encodeURIComponent(challengeId)}`,
    {
      method: 'POST',
      token,
      schema: deleteChallengeResponseSchema,
    },
  );
  return res.challengeDeleted;
}

export async function listChallenges(token: string): Promise<ChallengeSummary[]> {
  const res = await apiRequest(getChallengesPath, { token, schema: getChallengesResponseSchema });
  return res.challenges;
}
