import { describe, expect, it } from 'vitest';
import { ThroughputMeter } from './throughput.ts';

/** `count` completions `every` ms apart from `from`, with work still in hand after each. */
function busy(meter: ThroughputMeter, from: number, count: number, every: number): number {
  let at = from;
  for (let i = 0; i < count; i++) meter.done((at += every), true);
  return at;
}

describe('ThroughputMeter', () => {
  it('answers the initial rate, or the caller’s fallback, until a window of busy time is measured', () => {
    const meter = new ThroughputMeter({ windowMs: 1_000, initialPerSecond: 20, minSamples: 4 });
    expect(meter.perSecond()).toBe(20);
    expect(meter.perSecond(66)).toBe(66);
    const at = busy(meter, 0, 10, 100); // nine gaps of 100 ms: 900 ms, not yet a window
    expect(meter.known()).toBe(false);
    expect(meter.perSecond(66)).toBe(66);
    meter.done(at + 100, true);
    expect(meter.known()).toBe(true);
    expect(meter.perSecond()).toBe(10);
    expect(meter.perSecond(66)).toBe(10);
    expect(meter.msFor(25)).toBe(2_500);
  });

  it('needs enough completions as well as the time: two in a slow second are no rate', () => {
    const meter = new ThroughputMeter({ windowMs: 1_000, initialPerSecond: 20, minSamples: 4 });
    busy(meter, 0, 3, 600); // two gaps, 1.2 s
    expect(meter.known()).toBe(false);
    expect(meter.perSecond()).toBe(20);
  });

  it('counts completions over busy time: clumps of completions in one tick average out', () => {
    const meter = new ThroughputMeter({ windowMs: 1_000, initialPerSecond: 1, minSamples: 4 });
    // Two slots finishing together every 100 ms: 20 a second, though half the gaps are 0 ms.
    meter.done(0, true);
    for (let at = 100; at <= 1_100; at += 100) {
      meter.done(at, true);
      meter.done(at, true);
    }
    expect(meter.perSecond()).toBeCloseTo(20, 0);
  });

  it('forgets a busy period once it is over: a new burst is not judged by the last one', () => {
    const meter = new ThroughputMeter({ windowMs: 1_000, initialPerSecond: 1, minSamples: 2 });
    const end = busy(meter, 0, 40, 50); // 20 a second for 2 s
    expect(meter.perSecond(80)).toBe(20);
    meter.done(end + 50, false); // the queue empties
    expect(meter.known()).toBe(false);
    expect(meter.perSecond(80)).toBe(80);
    // The next burst, a minute later: its first second is judged by the fallback alone, the idle
    // minute and the last burst's rate counting for nothing.
    const next = busy(meter, 60_000, 12, 80); // eleven gaps: 880 ms
    expect(meter.known()).toBe(false);
    expect(meter.perSecond(80)).toBe(80);
    busy(meter, next, 2, 80);
    expect(meter.perSecond(80)).toBe(12.5);
  });

  it('leaves idle time out: a gap that began with no work in hand is not counted', () => {
    const meter = new ThroughputMeter({ windowMs: 500, initialPerSecond: 1, minSamples: 2 });
    meter.done(0, false); // a lone sign-in, nothing behind it
    meter.done(10_000, true); // the next one, ten seconds later, with work behind it
    const end = busy(meter, 10_000, 10, 50);
    expect(meter.perSecond()).toBe(20);
    expect(end).toBe(10_500);
  });

  it('follows the newest window of busy time when the rate changes within a period', () => {
    const meter = new ThroughputMeter({ windowMs: 1_000, initialPerSecond: 1, minSamples: 2 });
    const at = busy(meter, 0, 60, 20); // 50 a second
    expect(meter.perSecond()).toBeCloseTo(50, 5);
    busy(meter, at, 20, 100); // the machine slows to 10
    expect(meter.perSecond()).toBeCloseTo(10, 5);
  });
});
