/**
 * One submission's kept outputs beside its tests' expected outputs (contract/test-outputs.ts), in
 * one query: the tests are those the submission was judged on (`details.tests`, counted in SQL
 * so its samples' text is not read), the expected output is the challenge's current one, bounded
 * like the outputs; a stored test file (big test data) gives its first chunk only.
 */
import { sql } from 'drizzle-orm';
import { OUTPUT_CAP_BYTES, type TestOutput } from '../../contract/test-outputs.ts';
import type { Db } from '../db/connection.ts';
import { captureHead } from '../judge/captured-output.ts';
import { rowsOf } from '../db/sql-helpers.ts';

type Row = {
  index: number;
  stdout: string | null;
  stdout_cut: boolean | null;
  stderr: string | null;
  stderr_cut: boolean | null;
  expected: string | null;
  expected_bytes: number | string | null;
  expected_file: Uint8Array | null;
  expected_file_size: number | string | null;
};

/** Undefined when there is no such submission; `test` narrows the answer to that test. */
export async function readTestOutputs(
  db: Db,
  submissionId: string,
  test: number | undefined,
): Promise<TestOutput[] | undefined> {
  const found = await db.execute(sql`
    with sub as (
      select challenge_id,
        case when jsonb_typeof(details->'tests') = 'array'
          then jsonb_array_length(details->'tests') else 0 end as count
      from submissions where id = ${submissionId}::uuid
    ), tc as (
      select (row_number() over (order by ordinal) - 1)::int as index,
        expected_output, expected_output_sha256
      from test_cases where challenge_id = (select challenge_id from sub)
    )
    select i.index::int as index, o.stdout, o.stdout_cut, o.stderr, o.stderr_cut,
      left(tc.expected_output, ${OUTPUT_CAP_BYTES + 1}) as expected,
      octet_length(tc.expected_output) as expected_bytes,
      (select substring(c.bytes from 1 for ${OUTPUT_CAP_BYTES + 1})
         from test_data d join test_data_chunks c on c.data_id = d.id and c.seq = 0
        where d.sha256 = tc.expected_output_sha256) as expected_file,
      (select d.size from test_data d where d.sha256 = tc.expected_output_sha256)
        as expected_file_size
    from sub cross join generate_series(0, sub.count - 1) as i(index)
      left join submission_test_outputs o
        on o.submission_id = ${submissionId}::uuid and o.test_index = i.index
      left join tc on tc.index = i.index
    where ${test ?? null}::int is null or i.index = ${test ?? null}::int
    union all
    -- The submission itself, so that one with no tests still answers (with none).
    select -1, null, null, null, null, null, null, null, null from sub
    order by 1`);
  const rows = rowsOf<Row>(found);
  if (rows.length === 0) return undefined;
  return rows.filter((r) => r.index >= 0).map(toTestOutput);
}

function toTestOutput(r: Row): TestOutput {
  const expected =
    r.expected_file !== null
      ? captureHead(Buffer.from(r.expected_file), Number(r.expected_file_size ?? 0))
      : captureHead(Buffer.from(r.expected ?? '', 'utf8'), Number(r.expected_bytes ?? 0));
  return {
    index: r.index,
    expected,
    output:
      r.stdout === null
        ? null
        : {
            stdout: { text: r.stdout, cut: r.stdout_cut === true },
            stderr: { text: r.stderr ?? '', cut: r.stderr_cut === true },
          },
  };
}
