/**
 * The score histogram's drawing as numbers (score-histogram.tsx renders them as plain SVG, no
 * chart library): a bar per bin scaled to the fullest one, and the words a screen reader reads
 * in its place. Pure, so the scale and the wording are tested without a browser.
 */
import { statisticsMessages } from '../../../../contract/grading-statistics.ts';
import type { ScoreBin } from '../../../../contract/grading-statistics.ts';

export type HistogramBar = {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Under the bar: its lower bound only, as eleven ranges side by side would run together. */
  label: string;
  count: number;
};

export type HistogramLayout = {
  width: number;
  height: number;
  /** Space under the bars for the bins' labels and above them for the counts. */
  bottom: number;
  top: number;
  gap: number;
};

export const HISTOGRAM_LAYOUT: HistogramLayout = {
  width: 560,
  height: 220,
  bottom: 28,
  top: 20,
  gap: 6,
};

/** "0–10", …, "90–100" and "100" for full marks (a bin's `to` is excluded but the last's). */
export function binLabel(bin: ScoreBin): string {
  return bin.from === bin.to ? String(bin.to) : `${bin.from}–${bin.to}`;
}

/**
 * Bars side by side across the width, each as tall as its count against the fullest bin's (an
 * empty histogram draws no bar but keeps its labels). A non-empty bin is at least 2 units tall,
 * so one student in a class of hundreds is still seen.
 */
export function histogramBars(
  bins: readonly ScoreBin[],
  layout: HistogramLayout = HISTOGRAM_LAYOUT,
): HistogramBar[] {
  const most = Math.max(0, ...bins.map((b) => b.count));
  const slot = bins.length > 0 ? layout.width / bins.length : 0;
  const room = layout.height - layout.bottom - layout.top;
  const floor = layout.height - layout.bottom;
  return bins.map((bin, i) => {
    const height = most === 0 || bin.count === 0 ? 0 : Math.max(2, (bin.count / most) * room);
    return {
      x: i * slot + layout.gap / 2,
      y: floor - height,
      width: Math.max(0, slot - layout.gap),
      height,
      label: String(bin.from),
      count: bin.count,
    };
  });
}

/** What the picture says, in words (its accessible description). */
export function histogramDescription(bins: readonly ScoreBin[], students: number): string {
  const parts = bins.map((bin) => `${binLabel(bin)} %: ${bin.count}`);
  return statisticsMessages.histogramDescription
    .replace('{students}', students.toLocaleString())
    .replace('{bins}', parts.join(', '));
}
