/** The roster calls of the panel: the template download and the upload with progress. */
import {
  ROSTER_FILE_FIELD,
  ROSTER_TEMPLATE_FILE_NAME,
  rosterTemplatePath,
  rosterUploadPath,
  rosterUploadResultSchema,
  type RosterUploadResult,
} from '../../../contract/roster.ts';
import { downloadFile } from '../../lib/download.ts';
import { uploadFile } from '../../lib/upload.ts';

export function downloadTemplate(token: string): Promise<void> {
  return downloadFile(rosterTemplatePath, ROSTER_TEMPLATE_FILE_NAME, token);
}

export function uploadRoster(
  file: File,
  token: string,
  onProgress: (fraction: number) => void,
): Promise<RosterUploadResult> {
  return uploadFile(rosterUploadPath, {
    file,
    field: ROSTER_FILE_FIELD,
    token,
    schema: rosterUploadResultSchema,
    onProgress,
  });
}
