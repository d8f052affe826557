/**
 * The fingerprinting against the labelled set in tests/fixtures/similarity/ (its README says what
 * each file is): copies score >= 0.8 against the original, independent solutions <= 0.3, two
 * solutions sharing only the starter code <= 0.1 once it is removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchingSpans, fingerprintPrograms, similarity, similarityReport } from './compare.ts';
import type { SimilarityLanguage } from './tokenize.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../tests/fixtures/similarity');
const languages: [SimilarityLanguage, string][] = [
  ['python', 'py'],
  ['java', 'java'],
  ['cpp', 'cpp'],
  ['javascript', 'js'],
];
const COPIES = ['copy-renamed', 'copy-reordered', 'copy-comments', 'copy-deadcode'];

describe.each(languages)('similarity of %s solutions', (language, extension) => {
  const read = (name: string) => ({
    id: name,
    language,
    source: fs.readFileSync(path.join(fixtures, language, `${name}.${extension}`), 'utf8'),
  });
  const starterCode = [read('starter')];
  const original = read('original');

  for (const copy of COPIES) {
    it(`finds ${copy} a copy of the original (>= 0.8)`, () => {
      expect(similarity(original, read(copy), { starterCode })).toBeGreaterThanOrEqual(0.8);
    });
  }

  it('keeps independent solutions apart (<= 0.3)', () => {
    const solutions = [original, read('independent-1'), read('independent-2')];
    for (let i = 0; i < solutions.length; i += 1)
      for (let j = i + 1; j < solutions.length; j += 1) {
        const a = solutions[i];
        const b = solutions[j];
        if (a && b) expect(similarity(a, b, { starterCode })).toBeLessThanOrEqual(0.3);
      }
  });

  it('does not count the shared starter code (<= 0.1)', () => {
    // The two independent solutions share the starter code and nothing else.
    const a = read('independent-1');
    const b = read('independent-2');
    expect(similarity(a, b, { starterCode })).toBeLessThanOrEqual(0.1);
    // Without the starter code removed, the same pair shares its skeleton.
    expect(similarity(a, b)).toBeGreaterThan(similarity(a, b, { starterCode }));
  });

  it('reports the copies, most similar first, and not the independent solutions', () => {
    const programs = [original, ...COPIES.map(read), read('independent-1'), read('independent-2')];
    const pairs = similarityReport(programs, { starterCode, threshold: 0.5 });
    const named = pairs.map((pair) => [pair.a, pair.b].sort().join(' ~ '));
    for (const copy of COPIES) expect(named).toContain([copy, 'original'].sort().join(' ~ '));
    expect(named.join(' ')).not.toMatch(/independent/u);
    const scores = pairs.map((pair) => pair.similarity);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
  });

  it('highlights the matching regions of a pair in each source', () => {
    const copy = read('copy-deadcode');
    const [a, b] = fingerprintPrograms([original, copy], { starterCode });
    if (!a || !b) throw new Error('no fingerprints');
    const spans = matchingSpans(a, b);
    expect(spans.length).toBeGreaterThan(0);
    // The spans are in order, apart, and inside the source.
    spans.forEach((span, index) => {
      expect(span.from).toBeLessThan(span.to);
      expect(span.to).toBeLessThanOrEqual(original.source.length);
      if (index > 0) expect(span.from).toBeGreaterThan(spans[index - 1]?.to ?? 0);
    });
  });
});
