/**
 * Password hashing, first come first served (issue 15 item 5). Left to itself, a burst of 300
 * logins handed every hash to libuv's pool at once, and they all finished together at the end of
 * the burst: p50 equalled the maximum, past the page's 10 s timeout on a busy machine. Here at
 * most `slots` hashes run at a time (one per core: more only share the same cores), the rest wait
 * in arrival order, so the first students in are the first signed in.
 *
 * The queue is bounded by time, not length: a request whose hash could not be done before the
 * client gives up is answered 503 with Retry-After at once, from an estimate of the wait (the
 * hashes ahead of it divided by the hashes the queue completed per second over its last busy
 * seconds, throughput.ts), instead of being computed for nobody. Waiters the burst's throughput,
 * once known, could not serve in time are told so 2 s before their deadline (refuseHopeless); one
 * that waited past its deadline anyway (the estimate was short) is dropped when its turn comes. A
 * sign-in's budget runs from its arrival at the server (its deadline, sign-in-gate.ts), not from
 * when it asks for its hash. Until the current burst's own throughput is known (a full window of
 * its busy time), the wait is estimated from what the cores can do: every slot hashing as fast as
 * the fast recent hashes (capacityPerSecond). A burst is thus refused at the door only from its
 * own measure, or where even the cores' best could not finish it in time.
 */
import os from 'node:os';
import { HTTP_TIMEOUT_MS } from '../../contract/http.ts';
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';
import { ThroughputMeter } from './throughput.ts';

type Waiting = { deadline: number; start: () => void; refuse: (error: Error) => void };

export type HashQueueOptions = {
  /** Hashes computed at the same time. */
  slots: number;
  /** Longest a caller may wait for its hash to be done, queue included. */
  budgetMs: number;
  /** The estimate of one hash until some are measured. */
  initialHashMs?: number;
  /** Busy time the throughput is measured over. */
  windowMs?: number;
  now?: () => number;
};

/** Weight of the newest duration in the running estimate of one hash. */
const SMOOTHING = 0.2;
/**
 * Hashes whose durations the capacity is taken from: more than a burst of 300 hashes while its
 * queries run, so that its slow hashes do not push out the fast ones of the quiet moment before
 * it. With the last 32, the capacity fell to 19 hashes a second within a burst that then did 46.
 */
const RECENT_HASHES = 512;
/**
 * How long before a waiter's deadline the queue tells it that it will not be served: the margin
 * the page's 10 s leave over the default 8 s budget, for a connection that waited to be taken.
 */
const DECIDE_BEFORE_MS = 2_000;
/** The throughput is taken over this much of the queue's busy time. */
const WINDOW_MS = 3_000;

export class HashQueue {
  private readonly slots: number;
  private budgetMs: number;
  private readonly now: () => number;
  private running = 0;
  private readonly waiting: Waiting[] = [];
  /**
   * Recent duration of one hash (argon2id at OWASP's minimum takes ~25-60 ms here): the last
   * part of a wait, once a slot is free. The wait for the slot comes from the throughput.
   */
  private hashMs: number;
  /**
   * The last RECENT_HASHES durations, oldest first: the fastest say one hash's cost on a free
   * core (argon2id is CPU only), the slowest its contention with everything else.
   */
  private readonly recentMs: number[] = [];
  /** capacityPerSecond, kept until the next hash is done (it sorts recentMs). */
  private capacity: number | undefined;
  /** Hashes completed per second while every slot was taken. */
  private readonly throughput: ThroughputMeter;

  constructor(options: HashQueueOptions) {
    this.slots = Math.max(1, options.slots);
    this.budgetMs = options.budgetMs;
    this.hashMs = options.initialHashMs ?? 50;
    this.now = options.now ?? (() => performance.now());
    this.throughput = new ThroughputMeter({
      windowMs: options.windowMs ?? WINDOW_MS,
      initialPerSecond: (this.slots * 1000) / this.hashMs,
    });
  }

  /** SIGN_IN_WAIT_SECONDS, set by the app as it starts. */
  setBudget(budgetMs: number): void {
    this.budgetMs = budgetMs;
  }

  /**
   * Hashes per second if every slot hashed at the speed of the fastest recent hashes: what the
   * cores can do at best, the estimate until a burst's own throughput is known. Taken an eighth
   * of the way up from the fastest of the last RECENT_HASHES, so that one odd duration (a verify
   * that failed at once) does not decide it.
   */
  capacityPerSecond(): number {
    this.capacity ??= (() => {
      const sorted = [...this.recentMs].sort((a, b) => a - b);
      const fast = sorted[Math.floor(sorted.length / 8)] ?? this.hashMs;
      return (this.slots * 1000) / Math.max(1, fast);
    })();
    return this.capacity;
  }

  /** How long a hash asked for now would take to be done, waiting included. */
  estimateMs(): number {
    const ahead = this.running + this.waiting.length;
    // A slot is free once all but `slots - 1` of those ahead are done; then its own hash.
    const untilSlot =
      ahead < this.slots ? 0 : (ahead - this.slots + 1) * (1000 / this.hashesPerSecond());
    return untilSlot + this.hashMs;
  }

  /**
   * Hashes completed per second while every slot was taken, over the newest window of this busy
   * period once it has one; until then the cores' best (capacityPerSecond). A queue fed slower
   * than it hashes (on PGlite the database is the narrower door) is seldom full, and then is not
   * what makes anyone wait.
   */
  hashesPerSecond(): number {
    return this.throughput.perSecond(this.capacityPerSecond());
  }

  /**
   * Runs `hash` in its turn, if it can be done by `deadline` (a sign-in's, counted from the
   * request's arrival: sign-in-gate.ts signInDeadlineOf) or else within the budget from now.
   */
  async run<T>(hash: () => Promise<T>, deadline = this.now() + this.budgetMs): Promise<T> {
    const asked = this.now();
    const estimate = this.estimateMs();
    if (asked + estimate > deadline) throw this.busy(estimate);
    if (this.running >= this.slots || this.waiting.length > 0) {
      // next() hands this waiter its slot (counted in `running`) before waking it.
      await new Promise<void>((start, refuse) => this.waiting.push({ deadline, start, refuse }));
    } else {
      this.running += 1;
    }
    const began = this.now();
    try {
      return await hash();
    } finally {
      const done = this.now();
      this.hashMs += SMOOTHING * (done - began - this.hashMs);
      this.recentMs.push(done - began);
      if (this.recentMs.length > RECENT_HASHES) this.recentMs.shift();
      this.capacity = undefined;
      this.running -= 1;
      this.next();
      // Until the next completion every slot works only if a waiter took this one's.
      this.throughput.done(done, this.running >= this.slots);
      this.refuseHopeless(done);
    }
  }

  /**
   * Once the burst's own throughput is known, tells every waiter it could not serve by its
   * deadline, DECIDE_BEFORE_MS ahead of it, rather than at its turn. A burst is admitted from the
   * cores' best until then (capacityPerSecond), so on a busy machine far more wait than will be
   * served: left to their turn, they were told to come back at their deadline, 8 s after
   * arriving, and where the connection itself had waited 2 s to be taken, after the page's 10 s
   * (179 of a burst of 300 sign-ups, measured with load 14 on two cores). Order is kept: nobody
   * moves ahead. Not as soon as the rate is known: a burst's first window holds the hashes that
   * ran beside its queries, and deciding then refused about 48 of 300 sign-ups that the queue,
   * faster a moment later, could have served.
   */
  private refuseHopeless(now: number): void {
    if (this.waiting.length === 0 || !this.throughput.known()) return;
    const perHash = 1000 / this.throughput.perSecond();
    const kept: Waiting[] = [];
    for (const waiter of this.waiting) {
      const ahead = this.running + kept.length;
      const untilSlot = ahead < this.slots ? 0 : (ahead - this.slots + 1) * perHash;
      const estimate = untilSlot + this.hashMs;
      const hopeless = now + estimate > waiter.deadline;
      if (hopeless && waiter.deadline - now <= DECIDE_BEFORE_MS) waiter.refuse(this.busy(estimate));
      else kept.push(waiter);
    }
    this.waiting.splice(0, this.waiting.length, ...kept);
  }

  /**
   * Hands the free slots to the first waiters. The slot is counted as taken here, not when the
   * waiter wakes (a microtask later): a request arriving in between found the slot free, took it
   * ahead of the waiter, and the slots ran one hash too many. The throughput saw the queue as
   * not full on almost every completion and measured 11 hashes a second where it did 45.
   */
  private next(): void {
    while (this.running < this.slots) {
      const first = this.waiting.shift();
      if (!first) return;
      if (this.now() + this.hashMs <= first.deadline) {
        this.running += 1;
        first.start();
      } else {
        first.refuse(this.busy(this.estimateMs()));
      }
    }
  }

  private busy(estimateMs: number): HttpError {
    const seconds = String(Math.max(1, Math.ceil(estimateMs / 1000)));
    return new HttpError(503, messages.signInBusy.replace('{seconds}', seconds), {
      'retry-after': seconds,
    });
  }
}

/**
 * The process's queue: its cores are what the hashes share, whoever asks for one (a route, the
 * admin command line). The page gives up after HTTP_TIMEOUT_MS; the rest of a sign-in needs some
 * of it. The app sets SIGN_IN_WAIT_SECONDS as it starts.
 */
export const hashQueue = new HashQueue({
  slots: os.availableParallelism(),
  budgetMs: HTTP_TIMEOUT_MS - 2_000,
});
