/**
 * Writes what the program printed on each test (schema `submission_test_outputs`) in the
 * transaction that writes the result it belongs to (record-result.ts): a re-judge replaces the
 * previous outputs with its own, or removes them when it kept none (JUDGE_KEEP_OUTPUT), so the
 * outputs staff read always go with the verdicts they see. One statement for all the tests.
 */
import type { JudgeResult } from '../judge/index.ts';
import type { ExecuteSql } from '../db/transaction.ts';

/** One test's kept output, as stored. */
export type StoredTestOutput = {
  index: number;
  stdout: string;
  stdoutCut: boolean;
  stderr: string;
  stderrCut: boolean;
};

/** The outputs the judge kept, in the stored shape (tests it did not run or keep have none). */
export function keptOutputs(result: Pick<JudgeResult, 'tests'>): StoredTestOutput[] {
  return result.tests.flatMap((t) =>
    t.output
      ? [
          {
            index: t.index,
            stdout: t.output.stdout.text,
            stdoutCut: t.output.stdout.cut,
            stderr: t.output.stderr.text,
            stderrCut: t.output.stderr.cut,
          },
        ]
      : [],
  );
}

export async function replaceTestOutputs(
  executeSql: ExecuteSql,
  submissionId: string,
  outputs: readonly StoredTestOutput[],
): Promise<void> {
  await executeSql('delete from submission_test_outputs where submission_id = $1', [submissionId]);
  if (outputs.length === 0) return;
  await executeSql(
    `insert into submission_test_outputs
       (submission_id, test_index, stdout, stdout_cut, stderr, stderr_cut)
     select $1, * from unnest($2::int[], $3::text[], $4::bool[], $5::text[], $6::bool[])`,
    [
      submissionId,
      outputs.map((o) => o.index),
      outputs.map((o) => o.stdout),
      outputs.map((o) => o.stdoutCut),
      outputs.map((o) => o.stderr),
      outputs.map((o) => o.stderrCut),
    ],
  );
}
