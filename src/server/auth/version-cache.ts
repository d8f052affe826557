/**
 * What this process knows of accounts' token versions (session-versions.ts), so the check on
 * every guarded call costs no database round trip. Versions only grow (a deleted account is
 * GONE, larger than any), so whatever arrives — a database read, a revocation heard from another
 * process, one made here — is merged by keeping the larger: the order in which they arrive does
 * not matter, and a slow read that started before a revocation cannot bring back the old version.
 *
 * An entry is trusted for `ttlMs` only, a bound on how long a revocation whose notification never
 * arrived (the revoking process died between its commit and its NOTIFY) can go unnoticed.
 * `clear()` forgets everything, for when notifications may have been missed; a read that began
 * before it is not kept (`generation`), since it may predate a revocation nobody told us about.
 */
export const GONE = Number.POSITIVE_INFINITY;

export type VersionCacheOptions = { ttlMs: number; maxEntries: number; now?: () => number };

export class VersionCache {
  readonly #entries = new Map<string, { version: number; untilMs: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #generation = 0;

  constructor(options: VersionCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? (() => Date.now());
  }

  /** Bumped by clear(): pass the value read before a database read to note() its result. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The version known for the account, or undefined when unknown or too old to trust. */
  get(key: string): number | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#now() < entry.untilMs) return entry.version;
    this.#entries.delete(key);
    return undefined;
  }

  /**
   * Records a version (GONE for a deleted account), keeping the larger of it and the one known.
   * `readSince`: the generation when the database read that found it began; ignored if the cache
   * was cleared since.
   */
  note(key: string, version: number, readSince?: number): void {
    if (readSince !== undefined && readSince !== this.#generation) return;
    const known = this.#entries.get(key);
    const kept = known ? Math.max(known.version, version) : version;
    // Deleted and set again, so the Map's order is the order of last use: the oldest goes first.
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { version: kept, untilMs: this.#now() + this.#ttlMs });
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
