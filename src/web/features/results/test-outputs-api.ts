/** Staff's call for what a program printed on one test (src/contract/test-outputs.ts). */
import {
  submissionOutputsPath,
  submissionOutputsResponseSchema,
  testOutputMessages,
  type TestOutput,
} from '../../../contract/test-outputs.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';

export async function fetchTestOutput(
  token: string,
  submissionId: string,
  index: number,
  signal?: AbortSignal,
): Promise<TestOutput> {
  const answer = await apiRequest(submissionOutputsPath(submissionId, index), {
    token,
    schema: submissionOutputsResponseSchema,
    signal,
  });
  const test = answer.tests.find((t) => t.index === index);
  if (!test) throw new ApiError(testOutputMessages.testNotFound, 404);
  return test;
}
