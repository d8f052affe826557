/**
 * The report as the worker assembles it, on the labelled Python set (tests/fixtures/similarity):
 * the copy ranked first with its shared regions, independent solutions below, the starter code
 * not counted; JavaScript programs compared as the others are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIMILARITY_DEFAULT_MINIMUM_TOKENS as MINIMUM } from '../../../contract/similarity.ts';
import { assembleReport, type ReportProgram } from './report-assembly.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../tests/fixtures/similarity/python');
const read = (name: string) => fs.readFileSync(path.join(fixtures, `${name}.py`), 'utf8');
const program = (submissionId: string, file: string): ReportProgram => ({
  submissionId,
  language: 'python',
  code: read(file),
});
const starter = { language: 'python' as const, code: read('starter') };

describe('assembleReport', () => {
  const programs = [
    program('original', 'original'),
    program('copy', 'copy-renamed'),
    program('indep-1', 'independent-1'),
    program('indep-2', 'independent-2'),
    { submissionId: 'js', language: 'javascript' as const, code: 'console.log(1)' },
  ];

  it('ranks the copied pair first, with the regions both share marked in each program', () => {
    const report = assembleReport({
      programs,
      starter,
      floor: 0.2,
      maxPairs: 100,
      minimumTokens: MINIMUM,
    });
    const [first] = report.pairs;
    expect(first && [first.a, first.b].sort()).toEqual(['copy', 'original']);
    expect(first?.similarity).toBeGreaterThanOrEqual(0.8);
    for (const other of report.pairs.slice(1))
      expect(other.similarity).toBeLessThan(first?.similarity ?? 0);
    const codeA = first?.a === 'original' ? read('original') : read('copy-renamed');
    expect(first?.spansA.length).toBeGreaterThan(0);
    for (const span of first?.spansA ?? []) {
      expect(span.from).toBeLessThan(span.to);
      expect(span.to).toBeLessThanOrEqual(codeA.length);
    }
    // Most of the original is marked as shared with its renamed copy.
    const marked = (first?.spansA ?? []).reduce((sum, span) => sum + span.to - span.from, 0);
    expect(marked / codeA.length).toBeGreaterThan(0.5);
  });

  it('keeps pairs below the floor out, and at most maxPairs', () => {
    const report = assembleReport({
      programs,
      starter,
      floor: 0.5,
      maxPairs: 100,
      minimumTokens: MINIMUM,
    });
    expect(report.pairs.map((pair) => [pair.a, pair.b].sort())).toEqual([['copy', 'original']]);
    const none = assembleReport({
      programs,
      starter,
      floor: 0,
      maxPairs: 1,
      minimumTokens: MINIMUM,
    });
    expect(none.pairs).toHaveLength(1);
  });

  it('does not count the starter code two independent solutions share', () => {
    const pair = [program('indep-1', 'independent-1'), program('indep-2', 'independent-2')];
    const without = assembleReport({
      programs: pair,
      starter,
      floor: 0,
      maxPairs: 10,
      minimumTokens: MINIMUM,
    });
    const withStarter = assembleReport({
      programs: pair,
      starter: null,
      floor: 0,
      maxPairs: 10,
      minimumTokens: MINIMUM,
    });
    const score = (report: typeof without) => report.pairs[0]?.similarity ?? 0;
    expect(score(without)).toBeLessThanOrEqual(0.1);
    expect(score(withStarter)).toBeGreaterThan(score(without));
  });

  it('compares programs in every judge language, JavaScript included, and skips none', () => {
    const report = assembleReport({
      programs,
      starter,
      floor: 0.2,
      maxPairs: 100,
      minimumTokens: MINIMUM,
    });
    expect(report.compared).toEqual(['original', 'copy', 'indep-1', 'indep-2', 'js']);
    expect(report.skipped).toEqual([]);
  });

  it('ranks a JavaScript copy first, its starter code left out', () => {
    const jsFixtures = path.resolve(fixtures, '../javascript');
    const readJs = (name: string) => fs.readFileSync(path.join(jsFixtures, `${name}.js`), 'utf8');
    const js = (submissionId: string, file: string): ReportProgram => ({
      submissionId,
      language: 'javascript',
      code: readJs(file),
    });
    const report = assembleReport({
      programs: [
        js('original', 'original'),
        js('copy', 'copy-renamed'),
        js('indep-1', 'independent-1'),
        js('indep-2', 'independent-2'),
      ],
      starter: { language: 'javascript', code: readJs('starter') },
      floor: 0.5,
      maxPairs: 10,
      minimumTokens: MINIMUM,
    });
    expect(report.pairs.map((pair) => [pair.a, pair.b].sort())).toEqual([['copy', 'original']]);
    expect(report.pairs[0]?.similarity).toBeGreaterThanOrEqual(0.8);
    expect(report.pairs[0]?.spansA.length).toBeGreaterThan(0);
  });

  // Issue 37: the evidence each pair carries.
  const shortFixtures = path.resolve(fixtures, 'short');
  const readShort = (name: string) =>
    fs.readFileSync(path.join(shortFixtures, `${name}.py`), 'utf8');
  const shortProgram = (submissionId: string, file: string): ReportProgram => ({
    submissionId,
    language: 'python',
    code: readShort(file),
  });

  it('ranks the pairs too short to compare after every pair with evidence, and keeps room for the copy', () => {
    const programs = [
      program('original', 'original'),
      program('copy', 'copy-deadcode'),
      // The copy with dead code scores 0.84; three students with the same obvious five lines: 100 % alike, 28 tokens shared.
      shortProgram('short-a', 'short-2'),
      shortProgram('short-b', 'short-6'),
      shortProgram('short-c', 'short-2'),
    ];
    const report = assembleReport({
      programs,
      starter,
      floor: 0.2,
      maxPairs: 1,
      minimumTokens: MINIMUM,
    });
    expect(report.pairs.map((pair) => [pair.a, pair.b, pair.tooShort])).toEqual([
      ['original', 'copy', false],
    ]);
    expect(report.pairs[0]?.shared.tokens).toBeGreaterThanOrEqual(MINIMUM);
    expect(report.pairs[0]?.shared.longestLines).toBeGreaterThan(10);
    const all = assembleReport({
      programs,
      starter,
      floor: 0.2,
      maxPairs: 10,
      minimumTokens: MINIMUM,
    });
    expect(all.pairs.map((pair) => pair.tooShort)).toEqual([false, true, true, true]);
    for (const pair of all.pairs.slice(1)) {
      expect(pair.similarity).toBeGreaterThan(all.pairs[0]?.similarity ?? 1);
      expect(pair.shared.tokens).toBeLessThan(MINIMUM);
    }
    // A challenge's own, lower minimum lets the short pairs' scores stand.
    const lower = assembleReport({
      programs,
      starter,
      floor: 0.2,
      maxPairs: 10,
      minimumTokens: 10,
    });
    expect(lower.pairs.every((pair) => !pair.tooShort)).toBe(true);
  });

  it('counts what a pair shares with the reference solution like starter code', () => {
    const pair = [program('original', 'original'), program('copy', 'copy-renamed')];
    const reference = { language: 'python' as const, code: read('copy-comments') };
    const plain = assembleReport({
      programs: pair,
      starter,
      floor: 0,
      maxPairs: 10,
      minimumTokens: MINIMUM,
    });
    const withReference = assembleReport({
      programs: pair,
      starter,
      reference,
      floor: 0,
      maxPairs: 10,
      minimumTokens: MINIMUM,
    });
    expect(plain.pairs[0]?.similarity).toBeGreaterThanOrEqual(0.8);
    // Both are the teacher's solution: nothing is left to compare.
    expect(withReference.pairs).toEqual([]);
  });

  it("marks the code many students share as common, with how many hold it, apart from the pair's own", () => {
    // Without the starter code removed, its main() is in all 12 programs: more than the
    // 10 a fingerprint may be in and still count.
    const others = Array.from({ length: 10 }, (_, i) =>
      program(`other-${i}`, i % 2 === 0 ? 'independent-1' : 'independent-2'),
    );
    const report = assembleReport({
      programs: [program('original', 'original'), program('copy', 'copy-renamed'), ...others],
      starter: null,
      floor: 0.5,
      maxPairs: 100,
      minimumTokens: MINIMUM,
    });
    const copy = report.pairs.find((pair) => [pair.a, pair.b].sort().join() === 'copy,original');
    expect(copy?.commonA.length).toBeGreaterThan(0);
    const code = read(copy?.a === 'original' ? 'original' : 'copy-renamed');
    const main = code.indexOf('data = sys.stdin.read()');
    const common = copy?.commonA.find((span) => span.from <= main && span.to > main);
    expect(common?.students).toBe(12);
    // Never marked both ways.
    for (const span of copy?.commonA ?? [])
      for (const own of copy?.spansA ?? [])
        expect(span.to <= own.from || span.from >= own.to).toBe(true);
  });
});
