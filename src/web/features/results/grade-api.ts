/** Staff's manual grading calls (src/contract/grading.ts), for the submissions dialog. */
import {
  gradePath,
  gradeStateSchema,
  manualMaxPath,
  manualMaxResponseSchema,
  type GradeInput,
  type GradeState,
} from '../../../contract/grading.ts';
import { apiRequest } from '../../lib/api-client.ts';

export type GradeTarget = { challengeId: string; userId: string; examCode?: string | undefined };

export function fetchGrade(token: string, target: GradeTarget, signal?: AbortSignal) {
  return apiRequest(gradePath(target.challengeId, target.userId, target.examCode), {
    token,
    schema: gradeStateSchema,
    signal,
  });
}

export function saveGrade(
  token: string,
  target: GradeTarget,
  input: GradeInput,
): Promise<GradeState> {
  return apiRequest(gradePath(target.challengeId, target.userId, target.examCode), {
    method: 'PUT',
    body: input,
    token,
    schema: gradeStateSchema,
  });
}

export function saveManualMax(token: string, challengeId: string, max: number) {
  return apiRequest(manualMaxPath(challengeId), {
    method: 'PUT',
    body: { max },
    token,
    schema: manualMaxResponseSchema,
  });
}
