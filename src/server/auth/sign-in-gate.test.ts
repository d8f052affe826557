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

  it('learns the sign-ins completed per second while busy, not idle time', () => {
    let clock = 0;
    const gate = new SignInGate(10_000, { now: () => clock, initialIntervalMs: 100, busyAt: 1 });
    const done = Array.from({ length: 10 }, () => gate.admit());
    for (const finish of done) {
      clock += 400; // one finishes every 400 ms: 2.5 a second
      finish();
    }
    expect(gate.signInsPerSecond()).toBe(2.5);
    expect(gate.estimateMs()).toBe(400);
    // A long idle pause before the next one is not taken for service time.
    clock += 60_000;
    gate.admit()();
    expect(gate.signInsPerSecond()).toBe(2.5);
  });

  it('leaves the drain of a burst out: gaps with few sign-ins in flight are not counted', () => {
    let clock = 0;
    const gate = new SignInGate(10_000, { now: () => clock, busyAt: 4 });
    const done = Array.from({ length: 14 }, () => gate.admit());
    // Full, one finishes every 100 ms; the last four, one at a time, take 500 ms each.
    done.forEach((finish, i) => {
      clock += i < 11 ? 100 : 500;
      finish();
    });
    expect(gate.signInsPerSecond()).toBe(10);
  });

  it('refuses from the measured rate: 2.5 a second admits 20 in an 8 s budget', () => {
    let clock = 0;
    const gate = new SignInGate(8_000, { now: () => clock, busyAt: 1 });
    const warm = Array.from({ length: 10 }, () => gate.admit());
    for (const finish of warm) {
      clock += 400;
      finish();
    }
    const admitted = Array.from({ length: 20 }, () => gate.admit());
    expect(admitted).toHaveLength(20);
    expect(() => gate.admit()).toThrow(HttpError);
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
