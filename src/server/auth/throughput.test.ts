import { describe, expect, it } from 'vitest';
import { ThroughputMeter } from './throughput.ts';

describe('ThroughputMeter', () => {
  it('answers the initial rate, or the caller’s fallback, until enough gaps are measured', () => {
    const meter = new ThroughputMeter({ windowMs: 3_000, initialPerSecond: 20, minSamples: 4 });
    expect(meter.perSecond()).toBe(20);
    expect(meter.perSecond(66)).toBe(66);
    for (let at = 0; at <= 300; at += 100) meter.done(at, true); // three gaps
    expect(meter.perSecond()).toBe(20);
    meter.done(400, true);
    expect(meter.perSecond()).toBe(10);
    expect(meter.perSecond(66)).toBe(10);
    expect(meter.msFor(25)).toBe(2_500);
  });

  it('counts completions over busy time: clumps of completions in one tick average out', () => {
    const meter = new ThroughputMeter({ windowMs: 3_000, initialPerSecond: 1, minSamples: 4 });
    // Two slots finishing together every 100 ms: 20 a second, though half the gaps are 0 ms.
    meter.done(0, true);
    for (let at = 100; at <= 1_000; at += 100) {
      meter.done(at, true);
      meter.done(at, true);
    }
    expect(meter.perSecond()).toBeCloseTo(20, 0);
  });

  it('leaves idle time out: a gap that began with no work in hand is not counted', () => {
    const meter = new ThroughputMeter({ windowMs: 3_000, initialPerSecond: 1, minSamples: 2 });
    for (let at = 0; at <= 500; at += 50) meter.done(at, true);
    meter.done(550, false); // the queue empties
    const busyRate = meter.perSecond();
    expect(busyRate).toBe(20);
    meter.done(60_550, true); // the next burst's first completion, a minute later
    expect(meter.perSecond()).toBe(busyRate);
    // Samples are not forgotten while idle: the last busy seconds still speak for the machine.
    expect(meter.msFor(100)).toBe(5_000);
  });

  it('follows the newest window of busy time when the rate changes', () => {
    const meter = new ThroughputMeter({ windowMs: 1_000, initialPerSecond: 1, minSamples: 2 });
    let at = 0;
    for (let i = 0; i < 50; i++) meter.done((at += 20), true); // 50 a second
    expect(meter.perSecond()).toBeCloseTo(50, 5);
    for (let i = 0; i < 20; i++) meter.done((at += 100), true); // the machine slows to 10
    expect(meter.perSecond()).toBeCloseTo(10, 5);
  });
});
