/**
 * A program's code cut into numbered lines, each line into parts inside or outside the regions
 * it shares with the other program (offsets from the server, UTF-16 like JavaScript strings).
 * A region that runs over several lines gives a part on each; the first part of a region and
 * its last are flagged, so the view can say where a region starts and ends to a screen reader
 * and jump from region to region.
 */
import type { SimilaritySpan } from '../../../contract/similarity.ts';

export type MarkedPart = {
  text: string;
  /** Index of the shared region, or null outside every region. */
  region: number | null;
  first: boolean;
  last: boolean;
};
export type MarkedLine = { number: number; parts: MarkedPart[] };

export function markedLines(code: string, spans: readonly SimilaritySpan[]): MarkedLine[] {
  // Sorted, clamped to the code and without overlaps, whatever the server sent.
  const regions: SimilaritySpan[] = [];
  for (const span of [...spans].sort((x, y) => x.from - y.from)) {
    const from = Math.max(span.from, regions.at(-1)?.to ?? 0, 0);
    const to = Math.min(span.to, code.length);
    if (from < to) regions.push({ from, to });
  }
  const lines: MarkedLine[] = [];
  let next = 0; // the first region that may still reach the current line
  let opened = -1; // the last region a part was made for
  let start = 0;
  code.split('\n').forEach((text, index) => {
    const end = start + text.length; // the offset of this line's newline
    const parts: MarkedPart[] = [];
    let at = start;
    for (let region = regions[next]; region && region.from <= end; region = regions[next]) {
      if (region.from > at) parts.push(plain(code.slice(at, region.from)));
      const from = Math.max(region.from, at);
      const to = Math.min(region.to, end);
      // Ends on this line, or with its newline: nothing of it is left for the next line.
      const last = region.to <= end + 1;
      if (from < to) {
        parts.push({ text: code.slice(from, to), region: next, first: opened !== next, last });
        opened = next;
      }
      at = Math.max(at, to);
      if (!last) break;
      next += 1;
    }
    if (at < end) parts.push(plain(code.slice(at, end)));
    lines.push({ number: index + 1, parts });
    start = end + 1;
  });
  return lines;
}

const plain = (text: string): MarkedPart => ({ text, region: null, first: false, last: false });

/** How many shared regions the code has (for the count above each side). */
export const regionCount = (lines: readonly MarkedLine[]): number =>
  new Set(lines.flatMap((line) => line.parts.flatMap((part) => part.region ?? []))).size;
