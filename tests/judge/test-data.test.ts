// Big test data in real boxes (issue 14 item 6): a stored 20 MB input reaches the program as its
// stdin straight from the judge's local copy (never copied per run, never writable by the box),
// a stored expected output is compared like a typed one, and a checker gets the file as its input.
// The store here is a folder of files named by their SHA-256: the interface the judge sees
// (TestDataFiles); the database behind it is tested in tests/api/test-data*.test.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Judge } from '../../src/server/judge/judge.ts';
import type { JudgeRequest, TestDataFiles } from '../../src/server/judge/types.ts';
import { expectHostClean, testConfig } from './helpers.ts';

const store = fs.mkdtempSync(path.join(os.tmpdir(), 'judge-test-data-'));
fs.chmodSync(store, 0o700);
const held = new Map<string, number>();
const files: TestDataFiles = {
  acquire: async (sha256) => {
    held.set(sha256, (held.get(sha256) ?? 0) + 1);
    return {
      path: path.join(store, sha256),
      release: () => held.set(sha256, (held.get(sha256) ?? 1) - 1),
    };
  },
};
const put = (data: Buffer) => {
  const sha256 = crypto.createHash('sha256').update(data).digest('hex');
  fs.writeFileSync(path.join(store, sha256), data, { mode: 0o600 });
  return { sha256 };
};

// 20 MB: two million-odd numbers, one per line.
const numbers = Array.from({ length: 2_600_000 }, (_, i) => (i * 37) % 10_000_000);
const bigInput = Buffer.from(`${numbers.join('\n')}\n`);
const bigSum = Buffer.from(`${numbers.reduce((a, b) => a + b, 0)}\n`);
const SUM = 'import sys\nprint(sum(map(int, sys.stdin.buffer.read().split())))\n';

let judge: Judge;
let input: { sha256: string };
let output: { sha256: string };
beforeAll(() => {
  judge = new Judge(testConfig(), files);
  input = put(bigInput);
  output = put(bigSum);
});
afterAll(async () => {
  await judge.close();
  fs.rmSync(store, { recursive: true, force: true });
  expect(await expectHostClean(testConfig())).toEqual([]);
});

const request = (code: string, extra: Partial<JudgeRequest> = {}): JudgeRequest => ({
  language: 'python',
  code,
  tests: [
    { input: '1\n2\n', expectedOutput: '3\n', hidden: false, weight: 0 },
    {
      input: '',
      expectedOutput: '',
      inputFile: input,
      expectedOutputFile: output,
      hidden: true,
      weight: 1,
    },
  ],
  score: 10,
  timeLimitMs: 5000,
  memoryLimitMb: 512,
  ...extra,
});

describe('stored test files', () => {
  it('gives the program a 20 MB input as its stdin and compares the stored answer', async () => {
    expect(bigInput.length).toBeGreaterThan(20 * 1000 * 1000);
    const r = await judge.judge(request(SUM));
    expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Accepted', score: 10 });
    const wrong = await judge.judge(request(`${SUM}print(0)\n`));
    expect(wrong.tests.map((t) => t.verdict)).toEqual(['Wrong Answer', 'Wrong Answer']);
    expect([...held.values()].every((n) => n === 0)).toBe(true); // every file released
  });

  it('never lets the box write to the stored input', async () => {
    const code = fs.readFileSync(
      path.join(import.meta.dirname, 'attacks', 'write-stdin.py'),
      'utf8',
    );
    const r = await judge.judge(
      request(code, {
        tests: [
          { input: '', expectedOutput: 'blocked\n', inputFile: input, hidden: true, weight: 1 },
        ],
      }),
    );
    expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Accepted' });
    const after = crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(store, input.sha256)))
      .digest('hex');
    expect(after).toBe(input.sha256);
  });

  it('hands a checker the stored input as its input file', async () => {
    const checker = `import os, sys
size = os.path.getsize(sys.argv[1])
sys.exit(42 if size in (4, ${bigInput.length}) and sys.stdin.read().strip() == open(sys.argv[2]).read().strip() else 43)
`;
    const r = await judge.judge(
      request(SUM, { compare: { mode: 'checker', language: 'python' }, checkerSource: checker }),
    );
    expect(r, JSON.stringify(r)).toMatchObject({ verdict: 'Accepted', score: 10 });
  });

  it("is an Internal Error, not the student's fault, when the judge has no store", async () => {
    const bare = new Judge(testConfig());
    try {
      const r = await bare.judge(request(SUM));
      expect(r.verdict).toBe('Internal Error');
    } finally {
      await bare.close();
    }
  });
});
