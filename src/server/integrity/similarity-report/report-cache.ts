/**
 * The similarity reports of the challenges asked for last, each kept with the version of the
 * submissions it was computed from (report-queries.ts: their count, newest arrival, newest
 * judgement, which one is each student's best). A request with the same version gets the kept
 * report; a new submission or a re-judge changes the version and the next request computes a new
 * one. Requests that arrive while a report is being computed share that computation. In memory,
 * per process: a report is only ever recomputed, never wrong, so processes need not share it.
 */
export class ReportCache<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T> }>();

  /** maxEntries: challenges kept; the least recently asked for goes first. */
  constructor(private readonly maxEntries: number) {}

  get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key);
    if (found && found.version === version) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value;
    }
    const entry = { version, value: compute() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A failed computation is forgotten, so the next request tries again.
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return entry.value;
  }

  get size(): number {
    return this.entries.size;
  }
}
