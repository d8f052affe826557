/**
 * A challenge about to be saved names its big test files by reference: each must be stored
 * already (else 400, load it again), and all of the tests together must stay within the
 * challenge's limit (else 413). The sizes saved are the store's, not what the client said.
 */
import type { TestCase } from '../../contract/challenges.ts';
import { messages } from '../../contract/messages.ts';
import { formatBytes } from '../../contract/test-data.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { storedSizes } from './test-data-queries.ts';

export async function withStoredTestData<T extends { testCases: TestCase[] }>(
  db: Db,
  values: T,
  maxChallengeBytes: number,
): Promise<T> {
  const refs = values.testCases.flatMap((t) => [t.inputFile, t.expectedOutputFile]);
  const sizes = await storedSizes(
    db,
    refs.flatMap((r) => (r ? [r.sha256] : [])),
  );
  const stored = (ref: TestCase['inputFile']) => {
    if (!ref) return undefined;
    const size = sizes.get(ref.sha256);
    if (size === undefined) throw new HttpError(400, messages.testDataMissing);
    return { sha256: ref.sha256, size };
  };
  let total = 0;
  const testCases = values.testCases.map((t) => {
    const inputFile = stored(t.inputFile);
    const expectedOutputFile = stored(t.expectedOutputFile);
    total +=
      (inputFile?.size ?? Buffer.byteLength(t.input)) +
      (expectedOutputFile?.size ?? Buffer.byteLength(t.expectedOutput));
    return {
      ...t,
      ...(inputFile ? { inputFile } : {}),
      ...(expectedOutputFile ? { expectedOutputFile } : {}),
    };
  });
  if (total > maxChallengeBytes)
    throw new HttpError(
      413,
      messages.challengeDataTooLarge.replace('{size}', formatBytes(maxChallengeBytes)),
    );
  return { ...values, testCases };
}
