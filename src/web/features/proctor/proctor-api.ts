/** The proctor view's call (contract/proctor.ts): one long poll per answer. */
import {
  proctorChallengePath,
  proctorExamPath,
  proctorViewSchema,
  type ProctorView,
} from '../../../contract/proctor.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** What is proctored: a challenge on its own, or an exam. */
export type ProctorTarget = { challengeId: string } | { examCode: string };

export const pathOf = (target: ProctorTarget) =>
  'examCode' in target
    ? proctorExamPath(target.examCode)
    : proctorChallengePath(target.challengeId);

/** The view, at once without `known`; else when it differs from `known`, or after `wait`. */
export function fetchProctor(
  token: string,
  target: ProctorTarget,
  known: string | undefined,
  wait: number,
  signal: AbortSignal,
): Promise<ProctorView> {
  const query = new URLSearchParams();
  if (known !== undefined) {
    query.set('known', known);
    query.set('wait', String(wait));
  }
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return apiRequest(`${pathOf(target)}${search}`, {
    token,
    schema: proctorViewSchema,
    timeoutMs: (wait + 15) * 1000,
    signal,
  });
}
