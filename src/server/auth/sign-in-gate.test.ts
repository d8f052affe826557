import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error.ts';
import { admitSignIn, gateSignIns, signInDeadlineOf, SignInGate } from './sign-in-gate.ts';

describe('SignInGate', () => {
  it('admits while the sign-ins ahead would be done within the budget, then answers 503', () => {
    const gate = new SignInGate(1_000, { now: () => 0, initialIntervalMs: 100 });
    const admitted = Array.from({ length: 10 }, () => gate.admit());
    expect(admitted).toHaveLength(10); // the tenth is done after about 1,000 ms
    let refusal: unknown;
    try {
      gate.admit();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).statusCode).toBe(503);
    expect((refusal as HttpError).headers).toEqual({ 'retry-after': '2' });
  });

  /**
   * Keeps the sign-ins in `open` in the gate (adding `fill` first), one finishing and another
   * arriving every `every` ms, `count` times.
   */
  function stream(
    gate: SignInGate,
    clock: { at: number },
    open: (() => void)[],
    fill: number,
    count: number,
    every: number,
  ) {
    for (let i = 0; i < fill; i++) open.push(gate.admit());
    for (let i = 0; i < count; i++) {
      clock.at += every;
      open.shift()?.();
      open.push(gate.admit());
    }
    return open;
  }

  it('learns the sign-ins completed per second while busy, once a window of them is measured', () => {
    const clock = { at: 0 };
    const gate = new SignInGate(60_000, {
      now: () => clock.at,
      capacity: () => 50,
      windowMs: 1_000,
      busyAt: 4,
    });
    // One every 400 ms: four gaps (1.6 s) are a window but too few completions to count.
    const open = stream(gate, clock, [], 8, 5, 400);
    expect(gate.signInsPerSecond()).toBe(50);
    stream(gate, clock, open, 0, 5, 400);
    expect(gate.signInsPerSecond()).toBe(2.5);
    expect(gate.estimateMs()).toBe(3_600); // eight in flight and this one
  });

  it('leaves the drain of a burst out: gaps with few sign-ins in flight are not counted', () => {
    const clock = { at: 0 };
    const gate = new SignInGate(60_000, { now: () => clock.at, windowMs: 1_000, busyAt: 4 });
    const done = Array.from({ length: 16 }, () => gate.admit());
    // Full, one finishes every 100 ms; the last four, one at a time, take 500 ms each.
    done.slice(0, 12).forEach((finish) => {
      clock.at += 100;
      finish();
    });
    expect(gate.signInsPerSecond()).toBe(10);
    clock.at += 500;
    done[12]?.(); // three left: the server is no longer full
    expect(gate.signInsPerSecond()).toBe(20); // the burst is over: no rate until the next is known
  });

  it('refuses from the measured rate: 2.5 a second admits 20 in an 8 s budget', () => {
    const clock = { at: 0 };
    const gate = new SignInGate(8_000, {
      now: () => clock.at,
      capacity: () => 100,
      windowMs: 3_000,
      busyAt: 1,
    });
    // Ten in flight, one finishing every 400 ms and another arriving: 2.5 a second for 4 s.
    stream(gate, clock, [], 10, 10, 400);
    expect(gate.signInsPerSecond()).toBe(2.5);
    // With these ten ahead, the next ten are done within 8 s; the one after them is not.
    for (let i = 0; i < 10; i++) gate.admit();
    expect(() => gate.admit()).toThrow(HttpError);
  });

  it('judges a new burst by the capacity, not by the rate of the burst before it', () => {
    const clock = { at: 0 };
    const gate = new SignInGate(8_000, {
      now: () => clock.at,
      capacity: () => 50,
      windowMs: 1_000,
      busyAt: 1,
    });
    // A slow burst, one done every 500 ms, then it drains.
    const slow = stream(gate, clock, [], 4, 12, 500);
    expect(gate.signInsPerSecond()).toBe(2);
    for (const finish of slow) {
      clock.at += 500;
      finish();
    }
    clock.at += 2_000;
    // The next burst: 400 admitted (50 a second for 8 s), where the slow one's rate said 16.
    for (let i = 0; i < 400; i++) gate.admit();
    expect(() => gate.admit()).toThrow(HttpError);
  });

  it('counts a sign-in the hash queue refused out of the count, not as a completion', () => {
    const clock = { at: 0 };
    const gate = new SignInGate(60_000, { now: () => clock.at, windowMs: 1_000, busyAt: 1 });
    stream(gate, clock, [], 5, 12, 100); // ten a second while busy
    expect(gate.signInsPerSecond()).toBe(10);
    const before = gate.estimateMs();
    // Twenty refused by the queue within a millisecond: they leave, and say nothing of the rate.
    const refused = Array.from({ length: 20 }, () => gate.admit());
    clock.at += 1;
    for (const leave of refused) leave(false);
    expect(gate.signInsPerSecond()).toBe(10);
    expect(gate.estimateMs()).toBe(before);
  });

  it('lets a sign-in leave only once', () => {
    const gate = new SignInGate(1_000, { now: () => 0, initialIntervalMs: 100 });
    const done = gate.admit();
    done();
    done();
    expect(gate.estimateMs()).toBe(100);
  });

  describe('on routes that admit their own requests', () => {
    /**
     * A login route whose refused guesses take a while to be refused (their queries) and never
     * reach the gate themselves, and whose owner's sign-in does. Room for two in flight.
     */
    async function loginApp(admittedByRoute: string[]) {
      const app = Fastify();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      gateSignIns(app, new SignInGate(100, { now: () => 0 }), ['/login'], admittedByRoute);
      app.setErrorHandler((error: HttpError, _request, reply) =>
        reply.code(error.statusCode ?? 500).send({ message: error.message }),
      );
      app.post<{ Body: { guess: boolean } }>('/login', async (request, reply) => {
        if (request.body.guess) {
          await held;
          return reply.code(429).send({ message: 'refused' });
        }
        admitSignIn(request);
        return { ok: true };
      });
      await app.ready();
      const post = (guess: boolean) =>
        app.inject({ method: 'POST', url: '/login', payload: { guess } });
      return { app, release, post };
    }

    it("keeps refused guesses out of the count, so the owner's sign-in is admitted", async () => {
      const { app, release, post } = await loginApp(['/login']);
      const guesses = Array.from({ length: 5 }, () => post(true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await post(false)).statusCode).toBe(200);
      release();
      expect((await Promise.all(guesses)).map((r) => r.statusCode)).toEqual([
        429, 429, 429, 429, 429,
      ]);
      await app.close();
    });

    it('counts every request at the door otherwise (the owner waits behind the guesses)', async () => {
      const { app, release, post } = await loginApp([]);
      const guesses = Array.from({ length: 5 }, () => post(true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await post(false)).statusCode).toBe(503);
      release();
      await Promise.all(guesses);
      await app.close();
    });
  });

  describe('the deadline of a sign-in', () => {
    it("runs from the request's arrival, for the routes behind the gate", async () => {
      let clock = 1_000;
      const app = Fastify();
      const gate = new SignInGate(8_000, { now: () => clock });
      gateSignIns(app, gate, ['/login', '/reset'], ['/login']);
      app.setErrorHandler((error: HttpError, _request, reply) =>
        reply.code(error.statusCode ?? 500).send({ message: error.message }),
      );
      const routeWork = async (request: Parameters<typeof admitSignIn>[0]) => {
        await new Promise((resolve) => setImmediate(resolve));
        admitSignIn(request);
        return { deadline: signInDeadlineOf(request) ?? null };
      };
      app.post('/login', routeWork);
      app.post('/reset', routeWork);
      app.post('/other', async (request) => ({ deadline: signInDeadlineOf(request) ?? null }));
      await app.ready();
      const post = async (url: string) =>
        (await app.inject({ method: 'POST', url, payload: { a: 1 } })).json<{
          deadline: number | null;
        }>();
      expect(await post('/login')).toEqual({ deadline: 9_000 });
      expect(await post('/reset')).toEqual({ deadline: 9_000 });
      expect(await post('/other')).toEqual({ deadline: null });
      clock = 2_000;
      expect(await post('/login')).toEqual({ deadline: 10_000 });
      await app.close();
    });

    it('admits a sign-in late in its budget only if it can still be done in time', () => {
      let clock = 0;
      const gate = new SignInGate(1_000, { now: () => clock, initialIntervalMs: 100 });
      gate.admit(); // in flight: the next one is done about 200 ms after it is admitted
      clock = 850;
      // Arrived at 0, it spent 850 ms on its queries: 1,050 ms is past its 1,000.
      expect(() => gate.admit(0)).toThrow(HttpError);
      // Arrived at 100: 1,050 ms is within its 1,100.
      expect(() => gate.admit(100)).not.toThrow();
    });
  });
});
