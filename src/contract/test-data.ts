/**
 * Big test data (issue 14 item 6): a test's input or expected output larger than fits in the
 * challenge's JSON is uploaded on its own, as a file, and stored in the database by its SHA-256
 * (content-addressed: the same file uploaded twice is stored once). A test case then names it by
 * a `TestDataRef` in `inputFile` or `expectedOutputFile` instead of carrying the text.
 */
import { z } from 'zod';
import { messages } from './messages.ts';

/** POST (multipart, field `file`): stores one file, answers its `TestDataRef`. */
export const testDataUploadPath = '/api/admin/test-data';
export const TEST_DATA_FIELD = 'file';
/** GET: the file itself, streamed (administrators only). */
export const testDataPath = (sha256: string) => `/api/admin/test-data/${sha256}`;

/** Defaults of TEST_DATA_MAX_MB and CHALLENGE_DATA_MAX_MB (the server's settings). */
export const DEFAULT_TEST_DATA_MAX_MB = 64;
export const DEFAULT_CHALLENGE_DATA_MAX_MB = 256;

export const sha256Schema = z
  .string()
  .regex(/^[0-9a-f]{64}$/u, { error: messages.testDataMissing });

export const testDataRefSchema = z.object({
  sha256: sha256Schema,
  /** In bytes; the server keeps its own count, this is for showing. */
  size: z.number().int().min(0),
});
export type TestDataRef = z.infer<typeof testDataRefSchema>;

/** The upload's answer: the stored file's reference. */
export const testDataUploadResponseSchema = testDataRefSchema;

/** "20.0 MB", "512 KB", "12 bytes": sizes as the form and the messages show them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
