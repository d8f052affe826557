import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error.ts';
import { admitSignIn, gateSignIns, SignInGate } from './sign-in-gate.ts';

describe('SignInGate', () => {
  it('admits while the sign-ins ahead would be done within the budget, then answers 503', () => {
    const gate = new SignInGate(1_000, () => 0, 100);
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
    const gate = new SignInGate(10_000, () => clock, 100);
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

  it('refuses from the measured rate: 2.5 a second admits 20 in an 8 s budget', () => {
    let clock = 0;
    const gate = new SignInGate(8_000, () => clock, 50);
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
    const gate = new SignInGate(1_000, () => 0, 100);
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
      gateSignIns(app, new SignInGate(100, () => 0, 50), ['/login'], admittedByRoute);
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
});
