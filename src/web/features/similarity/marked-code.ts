/**
 * A program's code cut into numbered lines, each line into parts inside or outside the regions
 * it shares with the other program (offsets from the server, UTF-16 like JavaScript strings).
 * A region that runs over several lines gives a part on each; the first part of a region and
 * its last are flagged, so the view can say where a region starts and ends to a screen reader
 * and jump from region to region. Common code (issue 37: many students wrote it, not counted) is
 * marked as a region of its own kind, with how many students share it; it never overlaps a
 * shared region (the server cuts it out) and the region walk skips it.
 */
import type { SimilaritySpan } from '../../../contract/similarity.ts';

/** A region to mark: shared by the pair, or common (`students` hold it). */
type Region = SimilaritySpan & { students?: number };

export type MarkedPart = {
  text: string;
  /** Index of the region, or null outside every region. */
  region: number | null;
  /** Index among the shared regions (the region walk's), or null. */
  shared: number | null;
  /** Common code: how many students' programs hold it; null otherwise. */
  students: number | null;
  first: boolean;
  last: boolean;
};
export type MarkedLine = { number: number; parts: MarkedPart[] };

export function markedLines(
  code: string,
  spans: readonly SimilaritySpan[],
  common: readonly (SimilaritySpan & { students: number })[] = [],
): MarkedLine[] {
  // Sorted, clamped to the code and without overlaps, whatever the server sent.
  const regions: Region[] = [];
  const all: Region[] = [...spans.map(({ from, to }) => ({ from, to })), ...common];
  for (const span of all.sort((x, y) => x.from - y.from)) {
    const from = Math.max(span.from, regions.at(-1)?.to ?? 0, 0);
    const to = Math.min(span.to, code.length);
    if (from < to) regions.push({ ...span, from, to });
  }
  // The shared regions' order, for the walk from one to the next.
  const sharedIndex: (number | null)[] = [];
  let sharedCount = 0;
  for (const region of regions)
    sharedIndex.push(region.students === undefined ? sharedCount++ : null);
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
        parts.push({
          text: code.slice(from, to),
          region: next,
          shared: sharedIndex[next] ?? null,
          students: region.students ?? null,
          first: opened !== next,
          last,
        });
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

const plain = (text: string): MarkedPart => ({
  text,
  region: null,
  shared: null,
  students: null,
  first: false,
  last: false,
});

/** How many shared regions the code has (for the count above each side). */
export const regionCount = (lines: readonly MarkedLine[]): number =>
  new Set(lines.flatMap((line) => line.parts.flatMap((part) => part.shared ?? []))).size;
