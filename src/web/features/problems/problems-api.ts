/** The problem package import call (issue 14 item 7), with upload progress, and its self-check. */
import {
  PROBLEM_PACKAGE_FIELD,
  problemImportPath,
  problemImportResponseSchema,
  selfCheckPath,
  selfCheckProgressSchema,
  type ProblemImportResponse,
  type SelfCheckProgress,
} from '../../../contract/problems.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { uploadFile } from '../../lib/upload.ts';

export type ImportChoices = { challengeId: string; languages: string; replace: boolean };

export function importProblem(
  file: File,
  choices: ImportChoices,
  token: string,
  onProgress: (fraction: number) => void,
): Promise<ProblemImportResponse> {
  return uploadFile(problemImportPath, {
    file,
    field: PROBLEM_PACKAGE_FIELD,
    token,
    schema: problemImportResponseSchema,
    onProgress,
    fields: {
      ...(choices.challengeId.trim() ? { challengeId: choices.challengeId.trim() } : {}),
      ...(choices.languages.trim() ? { languages: choices.languages.trim() } : {}),
      replace: String(choices.replace),
    },
  });
}

/** The self-check's progress: its rows so far, and whether it is over. */
export function readSelfCheck(
  id: string,
  token: string,
  signal: AbortSignal,
): Promise<SelfCheckProgress> {
  return apiRequest(selfCheckPath(id), { token, signal, schema: selfCheckProgressSchema });
}
