/**
 * Winnowing (Schleimer, Wilkerson and Aiken, SIGMOD 2003, the method behind MOSS): hash every run
 * of K tokens, and in every window of W consecutive hashes keep the smallest (the rightmost on a
 * tie). Any run of at least K + W - 1 tokens shared by two programs gives both at least one same
 * fingerprint, wherever it sits; shorter coincidences mostly give none.
 */
import type { Token } from './tokenize.ts';

/**
 * Tokens per hashed run, and the window: every shared run of K + W - 1 = 10 tokens (a line or
 * two) is guaranteed a shared fingerprint. Chosen on the labelled set (tests/fixtures/similarity,
 * Python, Java, C++ and JavaScript), once token codes stopped depending on the set (TokenCodes),
 * on a grid of K 6-10 x W 4-6: only 7/4, 8/5, 9/4 and (at exactly 0.80) 10/6 kept every copy at
 * or above 0.8, every independent pair at or below 0.3 and the starter-only pair at or below 0.1.
 * 7/4 has the widest margins: copies 0.84-1.0, independent pairs at most 0.14, starter-only 0.08.
 * Longer runs lose the fingerprints next to each function a reordered or padded copy moved (8/6,
 * the first choice, left a padded Python copy at 0.77 and reordered JavaScript at 0.75); shorter
 * ones (K 6) let common runs coincide, and the starter-only pair reached 0.14-0.17.
 */
export const K = 7;
export const W = 4;

/** A kept hash, the index of its first token, and the source span of its K tokens. */
export type Fingerprint = { hash: number; at: number; from: number; to: number };

/**
 * Token texts as 32-bit integers (FNV-1a of the text), remembered per report for speed. A code
 * depends on the text alone, not on which programs came before: numbering texts in the order met
 * made a pair's score shift with the rest of the set, as other codes change which hashes a window
 * keeps.
 */
export class TokenCodes {
  private readonly codes = new Map<string, number>();
  code(text: string): number {
    let code = this.codes.get(text);
    if (code === undefined) {
      code = 0x811c9dc5;
      for (let i = 0; i < text.length; i += 1)
        code = Math.imul(code ^ text.charCodeAt(i), 0x01000193) >>> 0;
      this.codes.set(text, code);
    }
    return code;
  }
}

/** 32-bit hashes of every run of K tokens (FNV-1a over the token codes). */
function kgramHashes(codes: number[]): number[] {
  const hashes: number[] = [];
  for (let start = 0; start + K <= codes.length; start += 1) {
    let hash = 0x811c9dc5;
    for (let i = start; i < start + K; i += 1) {
      hash = Math.imul(hash ^ (codes[i] ?? 0), 0x01000193) >>> 0;
    }
    hashes.push(hash);
  }
  return hashes;
}

export function fingerprints(tokens: Token[], dictionary: TokenCodes): Fingerprint[] {
  const codes = tokens.map((token) => dictionary.code(token.text));
  const hashes = kgramHashes(codes);
  const kept: Fingerprint[] = [];
  const span = (at: number): Fingerprint => ({
    hash: hashes[at] ?? 0,
    at,
    from: tokens[at]?.from ?? 0,
    to: tokens[at + K - 1]?.to ?? 0,
  });
  // A program shorter than one window still gets its smallest hash.
  if (hashes.length > 0 && hashes.length < W) {
    let min = 0;
    hashes.forEach((hash, at) => {
      if (hash <= (hashes[min] ?? 0)) min = at;
    });
    return [span(min)];
  }
  let last = -1;
  for (let start = 0; start + W <= hashes.length; start += 1) {
    let min = start;
    for (let at = start + 1; at < start + W; at += 1) {
      if ((hashes[at] ?? 0) <= (hashes[min] ?? 0)) min = at;
    }
    if (min !== last) {
      kept.push(span(min));
      last = min;
    }
  }
  return kept;
}
