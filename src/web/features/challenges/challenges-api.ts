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
import {
  challengeLifecyclePath,
  sittingStateSchema,
  type LifecycleAction,
  type SittingState,
} from '../../../contract/sittings.ts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The portal's time zone (TZ), as the last answer that named it said: it is the server's setting,
 * the same in every answer, so the add form can show it beside its time fields without a call
 * of its own. Undefined until a list or a challenge has been read in this tab.
 */
let portalTimeZone: string | undefined;
export const knownTimeZone = (): string | undefined => portalTimeZone;
function remember<T extends { timeZone?: string | undefined }>(answer: T): T {
  if (answer.timeZone) portalTimeZone = answer.timeZone;
  return answer;
}

export async function addChallenge(token: string, body: ChallengeInput): Promise<Challenge> {
  const res = await apiRequest(addChallengePath, {
    method: 'POST',
    body,
    token,
    schema: addChallengeResponseSchema,
  });
  return remember(res.challengeCreated);
}

export async function getChallenge(token: string, challengeId: string): Promise<Challenge> {
  return remember(
    await apiRequest(getChallengePath, {
      method: 'POST',
      body: { challengeId },
      token,
      schema: challengeSchema,
    }),
  );
}

export async function updateChallenge(token: string, body: ChallengeInput): Promise<Challenge> {
  const res = await apiRequest(updateChallengePath, {
    method: 'POST',
    body,
    token,
    schema: updateChallengeResponseSchema,
  });
  return remember(res.challengeUpdated);
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

/** The list, with the zone its dates and times are read in (absent from older servers). */
export async function listChallenges(
  token: string,
): Promise<{ challenges: ChallengeSummary[]; timeZone?: string | undefined }> {
  return remember(
    await apiRequest(getChallengesPath, { token, schema: getChallengesResponseSchema }),
  );
}

/** Publish, back to draft, stop now or reopen (contract/sittings.ts). */
export async function changeLifecycle(
  token: string,
  challengeId: string,
  action: LifecycleAction,
): Promise<SittingState> {
  return apiRequest(challengeLifecyclePath(challengeId), {
    method: 'POST',
    body: { action },
    token,
    schema: sittingStateSchema,
  });
}
