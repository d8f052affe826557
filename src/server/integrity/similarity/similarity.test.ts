/**
 * The fingerprinting against the labelled set in tests/fixtures/similarity/ (its README says what
 * each file is): copies score >= 0.8 against the original, independent solutions <= 0.3, two
 * solutions sharing only the starter code <= 0.1 once it is removed. Issue 37: the short, obvious
 * answers of a small problem (short/) share less than the minimum and are never flagged; every
 * copy shares more than it; a copy with edited docstrings scores as one with edited comments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIMILARITY_DEFAULT_MINIMUM_TOKENS } from '../../../contract/similarity.ts';
import {
  matchingSpans,
  fingerprintPrograms,
  pairSharedSize,
  similarity,
  similarityReport,
} from './compare.ts';
import { tokenize, type SimilarityLanguage } from './tokenize.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../tests/fixtures/similarity');
const languages: [SimilarityLanguage, string][] = [
  ['python', 'py'],
  ['java', 'java'],
  ['cpp', 'cpp'],
  ['javascript', 'js'],
];
const COPIES = [
  'copy-renamed',
  'copy-reordered',
  'copy-comments',
  'copy-deadcode',
  'copy-docstrings',
];
const SHORT = ['short-1', 'short-2', 'short-3', 'short-4', 'short-5', 'short-6'];

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

  it('reads docstrings as comments: a copy with edited docstrings scores as the original', () => {
    const texts = (name: string) => tokenize(language, read(name).source).map((t) => t.text);
    expect(texts('copy-docstrings')).toEqual(texts('original'));
    const docstrings = similarity(original, read('copy-docstrings'), { starterCode });
    expect(docstrings).toBe(1);
    expect(docstrings).toBeGreaterThanOrEqual(
      similarity(original, read('copy-comments'), { starterCode }),
    );
  });

  it('finds every copy sharing more than the minimum of tokens', () => {
    for (const copy of COPIES) {
      const [a, b] = fingerprintPrograms([original, read(copy)], { starterCode });
      if (!a || !b) throw new Error('no fingerprints');
      expect(pairSharedSize(a, b).tokens, copy).toBeGreaterThanOrEqual(
        SIMILARITY_DEFAULT_MINIMUM_TOKENS,
      );
    }
  });

  it('flags none of the short, obvious answers of a small problem', () => {
    const shortStarter = [read('short/starter')];
    const answers = SHORT.map((name) => read(`short/${name}`));
    const printed = fingerprintPrograms(answers, { starterCode: shortStarter });
    let alike = 0;
    for (let i = 0; i < answers.length; i += 1)
      for (let j = i + 1; j < answers.length; j += 1) {
        const a = printed[i];
        const b = printed[j];
        const first = answers[i];
        const second = answers[j];
        if (!a || !b || !first || !second) throw new Error('no fingerprints');
        const score = similarity(first, second, { starterCode: shortStarter });
        const tooShort = pairSharedSize(a, b).tokens < SIMILARITY_DEFAULT_MINIMUM_TOKENS;
        // Flagged: a score above what independent solutions reach, on real evidence.
        expect(score <= 0.3 || tooShort, `${first.id} ~ ${second.id}`).toBe(true);
        if (score > 0.3) alike += 1;
      }
    // Several students wrote the same few lines: the set does hold pairs the score alone flags.
    expect(alike).toBeGreaterThan(0);
  });
});
