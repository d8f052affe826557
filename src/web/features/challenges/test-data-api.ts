/** The big test data calls of the challenge form (test-data.ts): upload with progress, download. */
import {
  TEST_DATA_FIELD,
  testDataPath,
  testDataUploadPath,
  testDataUploadResponseSchema,
  type TestDataRef,
} from '../../../contract/test-data.ts';
import { downloadFile } from '../../lib/download.ts';
import { UPLOAD_TIMEOUT_MS, uploadFile } from '../../lib/upload.ts';

export function uploadTestData(
  file: File,
  token: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TestDataRef> {
  return uploadFile(testDataUploadPath, {
    file,
    field: TEST_DATA_FIELD,
    token,
    schema: testDataUploadResponseSchema,
    onProgress,
    signal,
  });
}

/** A test file can weigh tens of MB: it gets the upload's time, not a JSON call's 10 s. */
export function downloadTestData(sha256: string, fileName: string, token: string): Promise<void> {
  return downloadFile(testDataPath(sha256), fileName, token, UPLOAD_TIMEOUT_MS);
}
