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
 *
 * The rate of one busy period never decides the next. Samples used to outlive an idle moment, as
 * the best evidence of the machine when the next burst arrives all at once; with every refusal
 * logged (docs/benchmarks.md, "Sign-in bursts") they were the wrong evidence. The last seconds
 * of a burst are its drain, and the next burst is judged at its start, while every request's
 * queries take the cores first: one phase's end said 14 sign-ins a second where the next then did
 * 24; the hash queue's door refused 91 of a burst of 300 at 8 a second (the previous burst's end
 * and this one's first hashes) and then hashed 20 a second, done 2.5 s inside the budget. The
 * start of a burst is no better a sample (hashes took 220-430 ms while its queries ran, then
 * 15-60 ms). So a busy period's rate counts only once it has a full window of its own busy time;
 * until then the caller's optimistic rate stands (what the cores could do), and the hash queue's
 * drop at a waiter's turn still keeps every answer within the page's time if that was too many.
 */

export type ThroughputOptions = {
  /** Busy time the rate is taken over, and that a busy period needs before its rate counts. */
  windowMs: number;
  /** The rate assumed until this busy period's is known (perSecond's argument replaces it). */
  initialPerSecond: number;
  /** Gaps needed, besides the window, before the measured rate replaces the assumed one. */
  minSamples?: number;
};

/** Bound on the samples kept, whatever the rate (1 ms gaps would fill a window with thousands). */
const MAX_SAMPLES = 1024;

export class ThroughputMeter {
  private readonly windowMs: number;
  private readonly initialPerSecond: number;
  private readonly minSamples: number;
  /** Gaps between two completions with work in hand in this busy period, oldest first. */
  private readonly gaps: number[] = [];
  /** Their sum, and the busy time this period has measured in all (kept past the window). */
  private totalMs = 0;
  private periodMs = 0;
  /** When the last completion happened, if work was still in hand then. */
  private lastBusyDone: number | undefined;

  constructor(options: ThroughputOptions) {
    this.windowMs = options.windowMs;
    this.initialPerSecond = options.initialPerSecond;
    this.minSamples = Math.max(1, options.minSamples ?? 8);
  }

  /**
   * One completion at `at`; `stillBusy`: work was still in hand right after it, so the time until
   * the next completion is the time that work took. Once nothing is in hand, the busy period is
   * over and its samples are forgotten.
   */
  done(at: number, stillBusy: boolean): void {
    if (this.lastBusyDone !== undefined) this.add(Math.max(0, at - this.lastBusyDone));
    if (stillBusy) {
      this.lastBusyDone = at;
    } else {
      this.lastBusyDone = undefined;
      this.gaps.length = 0;
      this.totalMs = 0;
      this.periodMs = 0;
    }
  }

  /** Whether this busy period has measured enough (a full window) for its rate to count. */
  known(): boolean {
    return this.gaps.length >= this.minSamples && this.periodMs >= this.windowMs;
  }

  /**
   * Completions per second while busy: measured over the newest window of this busy period once
   * known, until then `fallback` (a caller's optimistic rate, or the initial one).
   */
  perSecond(fallback = this.initialPerSecond): number {
    if (!this.known()) return fallback;
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
    this.periodMs += gapMs;
    // Keep the newest window of busy time, never fewer than minSamples gaps.
    while (
      this.gaps.length > MAX_SAMPLES ||
      (this.gaps.length > this.minSamples && this.totalMs - (this.gaps[0] ?? 0) >= this.windowMs)
    ) {
      this.totalMs -= this.gaps.shift() ?? 0;
    }
  }
}
