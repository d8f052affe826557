/**
 * Similarity of every pair of a challenge's submissions (issue 17): each program's fingerprints
 * (winnow.ts) less the starter code's, then, for every pair, the share of the smaller program's
 * fingerprints found in the other one. A copy with renamed identifiers, reordered functions,
 * edited comments or inserted dead code keeps most of the original's fingerprints; two
 * independent solutions share only short idioms. Fingerprints found in very many programs (the
 * problem's own input reading, a common skeleton) are left out, as MOSS does.
 */
import { tokenize, type SimilarityLanguage } from './tokenize.ts';
import { fingerprints, TokenCodes, type Fingerprint } from './winnow.ts';

export type Program = { id: string; language: SimilarityLanguage; source: string };
export type Pair = { a: string; b: string; similarity: number };
export type Span = { from: number; to: number };

export type ReportOptions = {
  starterCode?: { language: SimilarityLanguage; source: string }[];
  /** Pairs below this are not reported (0 to 1). */
  threshold?: number;
  /** A fingerprint in more programs than this is a common idiom, not evidence. */
  maxPrograms?: number;
};

export type Fingerprinted = { id: string; hashes: Set<number>; prints: Fingerprint[] };

export function fingerprintPrograms(
  programs: Program[],
  options: Pick<ReportOptions, 'starterCode'> = {},
): Fingerprinted[] {
  const dictionary = new TokenCodes();
  const starter = new Set<number>();
  for (const file of options.starterCode ?? [])
    for (const print of fingerprints(tokenize(file.language, file.source), dictionary))
      starter.add(print.hash);
  return programs.map((program) => {
    const prints = fingerprints(tokenize(program.language, program.source), dictionary).filter(
      (print) => !starter.has(print.hash),
    );
    return { id: program.id, hashes: new Set(prints.map((print) => print.hash)), prints };
  });
}

/** The pairs at or above the threshold, most similar first. */
export function similarityReport(programs: Program[], options: ReportOptions = {}): Pair[] {
  return rankPairs(fingerprintPrograms(programs, options), options).pairs;
}

/**
 * The ranking of already fingerprinted programs, and the fingerprints it left out as too common:
 * the report's side-by-side view leaves them out of the highlights too, so what is marked is what
 * was counted.
 */
export function rankPairs(
  printed: Fingerprinted[],
  options: Pick<ReportOptions, 'threshold' | 'maxPrograms'> = {},
): { pairs: Pair[]; common: Set<number> } {
  const threshold = options.threshold ?? 0.5;
  const n = printed.length;
  const maxPrograms = options.maxPrograms ?? Math.max(10, Math.ceil(n * 0.1));
  // Which programs hold each fingerprint.
  const holders = new Map<number, number[]>();
  printed.forEach((program, index) => {
    for (const hash of program.hashes) {
      const list = holders.get(hash);
      if (list) list.push(index);
      else holders.set(hash, [index]);
    }
  });
  const shared = new Map<number, number>();
  const common = new Set<number>();
  for (const [hash, list] of holders) {
    if (list.length > maxPrograms) common.add(hash);
    if (list.length < 2 || list.length > maxPrograms) continue;
    for (let i = 0; i < list.length; i += 1)
      for (let j = i + 1; j < list.length; j += 1) {
        const key = (list[i] ?? 0) * n + (list[j] ?? 0);
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
  }
  const pairs: Pair[] = [];
  for (const [key, count] of shared) {
    const a = printed[Math.floor(key / n)];
    const b = printed[key % n];
    if (!a || !b) continue;
    const similarity = count / Math.min(a.hashes.size, b.hashes.size);
    if (similarity >= threshold) pairs.push({ a: a.id, b: b.id, similarity });
  }
  return { pairs: pairs.sort((x, y) => y.similarity - x.similarity), common };
}

/** Similarity of two programs alone (0 when either has nothing left after the starter code). */
export function similarity(a: Program, b: Program, options: ReportOptions = {}): number {
  const [first, second] = fingerprintPrograms([a, b], options);
  if (!first || !second || first.hashes.size === 0 || second.hashes.size === 0) return 0;
  let count = 0;
  for (const hash of first.hashes) if (second.hashes.has(hash)) count += 1;
  return count / Math.min(first.hashes.size, second.hashes.size);
}

/** Merged source spans of `of`'s fingerprints that `other` shares: the side-by-side highlights. */
export function matchingSpans(of: Fingerprinted, other: Fingerprinted): Span[] {
  const spans = of.prints
    .filter((print) => other.hashes.has(print.hash))
    .map(({ from, to }) => ({ from, to }))
    .sort((x, y) => x.from - y.from);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}
