/**
 * What a queue actually completes per second while it has work (issue 38), measured over its last
 * seconds of busy time. The sign-in gate and the hash queue refuse a request early from this rate:
 * the wait of a request is the work ahead of it divided by the rate.
 *
 * Their earlier estimates were one duration smoothed over the last few samples: a hash's wall time
 * under contention (it grows with the cores PostgreSQL's own processes take, while the two hashes
 * still complete side by side, so the hash queue refused students it then served in half the
 * time), and the gap between two sign-ins finishing, which arrive in clumps (at the end of a burst
 * of 300 logins that averaged 23 ms, its last gaps said 12 ms). A count over seconds of busy time is
 * neither.
 *
 * Only gaps that began while more work was in hand count: idle time says nothing of capacity.
 * Samples do not expire while idle either: the last busy seconds are the best evidence of what
 * the machine can do when the next burst arrives all at once and must be answered at once.
 */

export type ThroughputOptions = {
  /** Busy time the rate is taken over. */
  windowMs: number;
  /** The rate assumed until `minSamples` gaps are measured (perSecond's argument replaces it). */
  initialPerSecond: number;
  /** Gaps needed before the measured rate replaces the initial one. */
  minSamples?: number;
};

/** Bound on the samples kept, whatever the rate (1 ms gaps would fill a window with thousands). */
const MAX_SAMPLES = 1024;

export class ThroughputMeter {
  private readonly windowMs: number;
  private readonly initialPerSecond: number;
  private readonly minSamples: number;
  /** Gaps between two completions with work in hand, oldest first, and their sum. */
  private readonly gaps: number[] = [];
  private totalMs = 0;
  /** When the last completion happened, if work was still in hand then. */
  private lastBusyDone: number | undefined;

  constructor(options: ThroughputOptions) {
    this.windowMs = options.windowMs;
    this.initialPerSecond = options.initialPerSecond;
    this.minSamples = Math.max(1, options.minSamples ?? 8);
  }

  /**
   * One completion at `at`; `stillBusy`: work was still in hand right after it, so the time until
   * the next completion is the time that work took.
   */
  done(at: number, stillBusy: boolean): void {
    if (this.lastBusyDone !== undefined) this.add(Math.max(0, at - this.lastBusyDone));
    this.lastBusyDone = stillBusy ? at : undefined;
  }

  /**
   * Completions per second while busy: measured, or until enough are, `fallback` (a caller's
   * better guess than the initial rate).
   */
  perSecond(fallback = this.initialPerSecond): number {
    if (this.gaps.length < this.minSamples) return fallback;
    // Completions that land in the same tick make gaps of 0 ms; the sum never is 0 for long.
    return (this.gaps.length * 1000) / Math.max(1, this.totalMs);
  }

  /** How long `count` completions take at the current rate. */
  msFor(count: number, fallback?: number): number {
    return (count * 1000) / this.perSecond(fallback);
  }

  private add(gapMs: number): void {
    this.gaps.push(gapMs);
    this.totalMs += gapMs;
    // Keep the newest window of busy time, never fewer than minSamples gaps.
    while (
      this.gaps.length > MAX_SAMPLES ||
      (this.gaps.length > this.minSamples && this.totalMs - (this.gaps[0] ?? 0) >= this.windowMs)
    ) {
      this.totalMs -= this.gaps.shift() ?? 0;
    }
  }
}
