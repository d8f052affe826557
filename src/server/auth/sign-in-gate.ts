/**
 * Admission of password checks at the door (issue 15 item 5). hash-queue.ts serves hashes in
 * arrival order, but a sign-in spends time before its hash too (its account and throttle
 * queries, on PGlite one connection for everyone): measured with 1,000 simultaneous logins, a
 * request refused by the hash queue had already waited past the page's timeout. So each sign-in
 * is admitted as it arrives, from an estimate of when it would be done: the sign-ins still in
 * flight ahead of it divided by the sign-ins the server completed per second over its last busy
 * seconds (throughput.ts; Little's law: it counts every bottleneck, hashing, database and event
 * loop alike, and each sign-in is one hash). One that would finish after the budget is answered
 * 503 with Retry-After at once. Until the current burst's own rate is known (throughput.ts: a full
 * window of its busy time), sign-ins are taken to finish as fast as the hash queue's cores can
 * hash (`capacity`): a simultaneous burst is all at the door before any of it is done, and the
 * previous burst's rate judged it wrongly by more than a factor of two either way. The hash queue,
 * which sees the burst later and measures it, refuses the rest.
 */
import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages.ts';
import { HttpError } from '../http-error.ts';
import { ThroughputMeter } from './throughput.ts';

/** The throughput is taken over this much of the server's busy time. */
const WINDOW_MS = 3_000;

export type SignInGateOptions = {
  now?: () => number;
  /**
   * Sign-ins the server could complete per second at best (the hash queue's capacityPerSecond),
   * assumed until a burst's own rate is known; without it, one every `initialIntervalMs`.
   */
  capacity?: () => number;
  /** The interval between two sign-ins finishing when no capacity is given. */
  initialIntervalMs?: number;
  /** Busy time the throughput is measured over. */
  windowMs?: number;
  /**
   * Sign-ins in flight from which the server counts as busy. As a burst drains, the last few
   * finish one at a time, each after its whole latency (its queries, then its hash): those gaps
   * say how long one sign-in takes, not how many the server finishes per second when full, and
   * made a burst of 300 refuse students the server then served within 6 s. Two per core keep
   * every core and the database at work.
   */
  busyAt?: number;
};

export class SignInGate {
  private inFlight = 0;
  /** The gate's clock (performance.now() unless a test gives one). */
  readonly now: () => number;
  private readonly busyAt: number;
  /** Sign-ins completed per second while the server was full. */
  private readonly throughput: ThroughputMeter;
  private readonly capacity: (() => number) | undefined;

  constructor(
    private readonly budgetMs: number,
    options: SignInGateOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.busyAt = Math.max(1, options.busyAt ?? 2 * os.availableParallelism());
    this.capacity = options.capacity;
    this.throughput = new ThroughputMeter({
      windowMs: options.windowMs ?? WINDOW_MS,
      initialPerSecond: 1000 / (options.initialIntervalMs ?? 50),
    });
  }

  /** How long a sign-in arriving now would take to be done. */
  estimateMs(): number {
    return (this.inFlight + 1) * (1000 / this.signInsPerSecond());
  }

  /**
   * Sign-ins completed per second while busy, over the newest window of this busy period once
   * known; until then the capacity.
   */
  signInsPerSecond(): number {
    return this.throughput.perSecond(this.capacity?.());
  }

  /** When a sign-in arriving now must be done by (signInDeadlineOf). */
  deadlineFrom(arrived: number): number {
    return arrived + this.budgetMs;
  }

  /**
   * Admits a sign-in (call `done` when it is answered) or throws 503: one that arrived at
   * `arrived` must be done within the budget from then (it may have spent some on its queries).
   * `done(false)`: it was not served (the hash queue refused it), so it leaves the count without
   * being counted as a completion: those 503s take a few milliseconds, and a clump of them made
   * the gate measure 98 sign-ins a second in a burst that did 30.
   */
  admit(arrived = this.now()): (served?: boolean) => void {
    const estimate = this.estimateMs();
    if (this.now() + estimate > this.deadlineFrom(arrived)) {
      const seconds = String(Math.max(1, Math.ceil(estimate / 1000)));
      throw new HttpError(503, messages.signInBusy.replace('{seconds}', seconds), {
        'retry-after': seconds,
      });
    }
    this.inFlight += 1;
    let finished = false;
    return (served = true) => {
      if (finished) return;
      finished = true;
      this.inFlight -= 1;
      // The time to the next one only means service time when the server is still full.
      if (served) this.throughput.done(this.now(), this.inFlight >= this.busyAt);
    };
  }
}

const ADMITTED = Symbol('sign-in admitted');
const GATE = Symbol('sign-in gate');
const ARRIVED = Symbol('sign-in arrived');
const DEADLINE = Symbol('sign-in deadline');
type Admitted = FastifyRequest & {
  [ADMITTED]?: (served?: boolean) => void;
  [GATE]?: SignInGate;
  [ARRIVED]?: number;
  [DEADLINE]?: number;
};

/**
 * Puts the routes named in `paths` (POST/PUT with a password to check) behind the gate, as they
 * arrive. Those also named in `admittedByRoute` are admitted by the route itself (admitSignIn),
 * after the checks that refuse a request cheaply: 300 guesses a second that the guessing budget
 * refuses (unknown-clients.ts) filled the gate's count of sign-ins in flight, and the account's
 * owner was answered 503 among them (bench/guessing.ts).
 */
export function gateSignIns(
  app: FastifyInstance,
  gate: SignInGate,
  paths: string[],
  admittedByRoute: string[] = [],
): void {
  const gated = new Set(paths);
  const byRoute = new Set(admittedByRoute);
  app.addHook('onRequest', async (request: Admitted) => {
    const url = request.routeOptions.url ?? '';
    if (!gated.has(url) || request.method === 'GET') return;
    const arrived = gate.now();
    request[ARRIVED] = arrived;
    request[DEADLINE] = gate.deadlineFrom(arrived);
    if (byRoute.has(url)) request[GATE] = gate;
    else request[ADMITTED] = gate.admit(arrived);
  });
  app.addHook('onResponse', async (request: Admitted, reply) => {
    // A 503 after admission is the hash queue's refusal: no password was checked.
    request[ADMITTED]?.(reply.statusCode !== 503);
  });
  // A client that hung up still leaves the gate (its time to go is no measure of a sign-in).
  app.addHook('onRequestAbort', async (request: Admitted) => {
    request[ADMITTED]?.(false);
  });
}

/**
 * Admits a request of a route gated `admittedByRoute`, or throws 503 as the gate does at the
 * door; once only, and nothing for a request that is not behind the gate.
 */
export function admitSignIn(request: FastifyRequest): void {
  const r = request as Admitted;
  if (r[GATE] && !r[ADMITTED]) r[ADMITTED] = r[GATE].admit(r[ARRIVED]);
}

/**
 * When a gated request's password work must be done by (issue 38): its arrival plus the budget,
 * on the gate's clock (performance.now()), for the hash queue (hash-queue.ts run's `deadline`).
 * The queue used to count its budget from when the hash was asked for; in a burst of 1,000 a
 * sign-in spends a second or two before that (its account, throttle and known-address queries,
 * behind everyone else's), so a hash started within its own budget could end after the page had
 * given up. Passed by hand, not in an AsyncLocalStorage: on Node 20 that turns on async hooks
 * for every promise of the process. Undefined for a request that is not behind the gate.
 */
export function signInDeadlineOf(request: FastifyRequest): number | undefined {
  return (request as Admitted)[DEADLINE];
}
