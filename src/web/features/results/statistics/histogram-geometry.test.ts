import { describe, expect, it } from 'vitest';
import type { ScoreBin } from '../../../../contract/grading-statistics.ts';
import { binLabel, histogramBars, histogramDescription } from './histogram-geometry.ts';

const bins = (counts: number[]): ScoreBin[] =>
  counts.map((count, i) =>
    i === 10 ? { from: 100, to: 100, count } : { from: i * 10, to: i * 10 + 10, count },
  );

const layout = { width: 110, height: 120, bottom: 10, top: 10, gap: 2 };

describe('histogramBars', () => {
  it('scales every bar to the fullest bin, side by side on the baseline', () => {
    const bars = histogramBars(bins([0, 1, 4, 0, 0, 0, 0, 0, 0, 0, 2]), layout);
    expect(bars).toHaveLength(11);
    expect(bars[2]).toMatchObject({ x: 21, y: 10, width: 8, height: 100, count: 4 });
    expect(bars[10]).toMatchObject({ height: 50, y: 60, label: '100' });
    expect(bars[0]).toMatchObject({ height: 0, y: 110, label: '0' });
  });

  it('keeps one student visible among many, and draws nothing for an empty histogram', () => {
    expect(histogramBars(bins([1000, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]), layout)[1]?.height).toBe(2);
    expect(histogramBars(bins(Array(11).fill(0)), layout).every((b) => b.height === 0)).toBe(true);
  });
});

describe('histogram words', () => {
  it('labels the bins and says every count', () => {
    expect(binLabel({ from: 90, to: 100, count: 0 })).toBe('90–100');
    const text = histogramDescription(bins([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]), 4);
    expect(text).toContain('4 students');
    expect(text).toContain('0–10 %: 1');
    expect(text).toContain('100 %: 3');
  });
});
