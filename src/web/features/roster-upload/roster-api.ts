/** The roster calls of the panel: the template download and the upload with progress. */
import {
  ROSTER_FILE_FIELD,
  ROSTER_TEMPLATE_FILE_NAME,
  rosterTemplateFileName,
  rosterTemplatePath,
  rosterTemplateUrl,
  rosterUploadPath,
  rosterUploadResultSchema,
  type RosterTemplateFormat,
  type RosterUploadResult,
} from '../../../contract/roster.ts';
import { downloadFile } from '../../lib/download.ts';
import { uploadFile } from '../../lib/upload.ts';

/** Template.csv (the spec's call as it is), or Template.xlsx with the same header row. */
export function downloadTemplate(
  token: string,
  format: RosterTemplateFormat = 'csv',
): Promise<void> {
  return format === 'csv'
    ? downloadFile(rosterTemplatePath, ROSTER_TEMPLATE_FILE_NAME, token)
    : downloadFile(rosterTemplateUrl(format), rosterTemplateFileName(format), token);
}

export function uploadRoster(
  file: File,
  token: string,
  onProgress: (fraction: number) => void,
  /** The course the students join (issue 33); absent: the server's choice. */
  courseId = '',
): Promise<RosterUploadResult> {
  const path =
    courseId === ''
      ? rosterUploadPath
      : `${rosterUploadPath}?${new URLSearchParams({ courseId }).toString()}`;
  return uploadFile(path, {
    file,
    field: ROSTER_FILE_FIELD,
    token,
    schema: rosterUploadResultSchema,
    onProgress,
  });
}
