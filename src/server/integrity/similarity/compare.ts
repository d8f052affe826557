/**
 * Similarity of every pair of a challenge's submissions (issue 17): each program's fingerprints
 * (winnow.ts) less the starter code's, then, for every pair, the share of the smaller program's
 * fingerprints found in the other one. A copy with renamed identifiers, reordered functions,
 * edited comments or inserted dead code keeps most of the original's fingerprints; two
 * independent solutions share only short idioms. Fingerprints found in very many programs (the
 * problem's own input reading, a common skeleton) are left out, as MOSS does.
 *
 * A share alone is no evidence (issue 37): two students who each wrote the obvious three lines
 * share 100 % of almost nothing. So each pair also gets the size of what it shares (sharedSize):
 * tokens and lines beyond the starter code, the reference solution and the common idioms, and its
 * longest shared run, as MOSS and JPlag report the size of each match beside its percentage.
 */
import { tokenize, type SimilarityLanguage } from './tokenize.ts';
import { fingerprints, K, TokenCodes, type Fingerprint } from './winnow.ts';

export type Program = { id: string; language: SimilarityLanguage; source: string };
export type Pair = { a: string; b: string; similarity: number };
export type Span = { from: number; to: number };

export type ReportOptions = {
  /**
   * Code every student was given or may match without copying: the starter code and the
   * teacher's reference solution. What a program shares with it is not counted.
   */
  starterCode?: { language: SimilarityLanguage; source: string }[];
  /** Pairs below this are not reported (0 to 1). */
  threshold?: number;
  /** A fingerprint in more programs than this is a common idiom, not evidence. */
  maxPrograms?: number;
};

export type Fingerprinted = {
  id: string;
  hashes: Set<number>;
  prints: Fingerprint[];
  /** The source line (0-based) of each token, for the shared size in lines. */
  tokenLines: Uint32Array;
};

/** The line (0-based) each token starts on. */
function linesOf(source: string, tokens: { from: number }[]): Uint32Array {
  const lines = new Uint32Array(tokens.length);
  let line = 0;
  let at = 0;
  tokens.forEach((token, index) => {
    // Tokens come in source order, so one pass over the newlines is enough.
    for (let next = source.indexOf('\n', at); next !== -1 && next < token.from;) {
      line += 1;
      at = next + 1;
      next = source.indexOf('\n', at);
    }
    lines[index] = line;
  });
  return lines;
}

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
    const tokens = tokenize(program.language, program.source);
    const prints = fingerprints(tokens, dictionary).filter((print) => !starter.has(print.hash));
    return {
      id: program.id,
      hashes: new Set(prints.map((print) => print.hash)),
      prints,
      tokenLines: linesOf(program.source, tokens),
    };
  });
}

/** The pairs at or above the threshold, most similar first. */
export function similarityReport(programs: Program[], options: ReportOptions = {}): Pair[] {
  return rankPairs(fingerprintPrograms(programs, options), options).pairs;
}

/**
 * The ranking of already fingerprinted programs, and the fingerprints it left out as too common,
 * each with how many programs hold it: the report's side-by-side view leaves them out of the
 * highlights, so what is marked is what was counted, and shows them apart as common ("shared by
 * 14 of 30 students").
 */
export function rankPairs(
  printed: Fingerprinted[],
  options: Pick<ReportOptions, 'threshold' | 'maxPrograms'> = {},
): { pairs: Pair[]; common: Map<number, number> } {
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
  const common = new Map<number, number>();
  for (const [hash, list] of holders) {
    if (list.length > maxPrograms) common.set(hash, list.length);
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

/** How much a pair shares, counted on one side: tokens, lines, and the longest unbroken run. */
export type SharedSize = {
  tokens: number;
  lines: number;
  longestTokens: number;
  longestLines: number;
};

/**
 * The tokens of `of` inside a fingerprint that `other` holds too: every such fingerprint covers K
 * tokens, and overlapping ones make one run. Fingerprints already left out (starter code,
 * reference solution, common idioms) cover nothing, so this is the evidence the score rests on.
 */
export function sharedSize(of: Fingerprinted, other: Fingerprinted): SharedSize {
  const count = of.tokenLines.length;
  const covered = new Uint8Array(count);
  for (const print of of.prints)
    if (other.hashes.has(print.hash)) covered.fill(1, print.at, Math.min(print.at + K, count));
  let tokens = 0;
  let lines = 0;
  let longestTokens = 0;
  let longestLines = 0;
  let runTokens = 0;
  let runLines = 0;
  // Token lines never decrease, so a line is new when it differs from the previous token's.
  let lastLine = -1;
  for (let i = 0; i <= count; i += 1) {
    if (i < count && covered[i] === 1) {
      const line = of.tokenLines[i] ?? 0;
      const newLine = line !== lastLine || runTokens === 0;
      if (line !== lastLine) lines += 1;
      lastLine = line;
      tokens += 1;
      runTokens += 1;
      if (newLine) runLines += 1;
    } else if (runTokens > 0) {
      if (runTokens > longestTokens) {
        longestTokens = runTokens;
        longestLines = runLines;
      }
      runTokens = 0;
      runLines = 0;
    }
  }
  return { tokens, lines, longestTokens, longestLines };
}

/** A pair's shared size: the smaller of its two sides', field by field (the cautious figure). */
export function pairSharedSize(a: Fingerprinted, b: Fingerprinted): SharedSize {
  const x = sharedSize(a, b);
  const y = sharedSize(b, a);
  return {
    tokens: Math.min(x.tokens, y.tokens),
    lines: Math.min(x.lines, y.lines),
    longestTokens: Math.min(x.longestTokens, y.longestTokens),
    longestLines: Math.min(x.longestLines, y.longestLines),
  };
}

export type CommonSpan = Span & { students: number };

/**
 * Regions of `of` made of common fingerprints (`common`: hash -> programs holding it) that
 * `other` holds too, outside `shared` (the pair's own shared regions, which are marked as such).
 * A merged region names the fewest holders of its fingerprints: every part of it is shared by at
 * least that many students.
 */
export function commonSpans(
  of: Fingerprinted,
  other: Fingerprinted,
  common: Map<number, number>,
  shared: Span[],
): CommonSpan[] {
  const spans = of.prints
    .filter((print) => common.has(print.hash) && other.hashes.has(print.hash))
    .map(({ from, to, hash }) => ({ from, to, students: common.get(hash) ?? 0 }))
    .sort((x, y) => x.from - y.from);
  const merged: CommonSpan[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.from <= last.to) {
      last.to = Math.max(last.to, span.to);
      last.students = Math.min(last.students, span.students);
    } else merged.push({ ...span });
  }
  // Cut out the pair's own shared regions: a place is marked one way only.
  const result: CommonSpan[] = [];
  for (const span of merged) {
    let from = span.from;
    for (const cut of shared) {
      if (cut.to <= from || cut.from >= span.to) continue;
      if (cut.from > from) result.push({ from, to: cut.from, students: span.students });
      from = Math.max(from, cut.to);
    }
    if (from < span.to) result.push({ from, to: span.to, students: span.students });
  }
  return result;
}
