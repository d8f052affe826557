/** The problem package import call (issue 14 item 7), with upload progress. */
import {
  PROBLEM_PACKAGE_FIELD,
  problemImportPath,
  problemImportResponseSchema,
  type ProblemImportResponse,
} from '../../../contract/problems.ts';
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
