/**
 * The worker thread as the server starts it: plain Node, no vitest transform (report-worker.mjs
 * loads the TypeScript through tsx here, the compiled JavaScript in dist-server). Its answer is
 * the one report-assembly.ts gives on the server's own thread.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SIMILARITY_DEFAULT_MINIMUM_TOKENS as MINIMUM } from '../../../contract/similarity.ts';
import { assembleReport, type ReportInput } from './report-assembly.ts';
import { ReportThreads } from './report-thread.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../tests/fixtures/similarity/java');
const read = (name: string) => fs.readFileSync(path.join(fixtures, `${name}.java`), 'utf8');

const input: ReportInput = {
  programs: ['original', 'copy-reordered', 'independent-1', 'independent-2'].map((name) => ({
    submissionId: name,
    language: 'java',
    code: read(name),
  })),
  starter: { language: 'java', code: read('starter') },
  floor: 0.2,
  maxPairs: 100,
  minimumTokens: MINIMUM,
};

describe('ReportThreads', () => {
  const threads = new ReportThreads();
  afterAll(() => threads.close());

  it('computes in a worker thread the report the assembly gives', async () => {
    const report = await threads.compute(input);
    expect(report).toEqual(assembleReport(input));
    expect(report.pairs[0]).toMatchObject({ a: 'original', b: 'copy-reordered' });
  });

  it('answers reports asked for at once, one after the other', async () => {
    const second: ReportInput = { ...input, programs: input.programs.slice(2) };
    const [a, b] = await Promise.all([threads.compute(input), threads.compute(second)]);
    expect(a.compared).toHaveLength(4);
    expect(b.compared).toEqual(['independent-1', 'independent-2']);
  });

  it('fails a report when the worker fails, and then still computes the next', async () => {
    const broken = { ...input, programs: null } as unknown as ReportInput;
    await expect(threads.compute(broken)).rejects.toThrow();
    await expect(threads.compute(input)).resolves.toMatchObject({ compared: expect.any(Array) });
  });

  it('refuses reports once closed', async () => {
    const closing = new ReportThreads();
    await closing.close();
    await expect(closing.compute(input)).rejects.toThrow('closing');
  });
});
