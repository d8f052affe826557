import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error.ts';
import { SignInGate } from './sign-in-gate.ts';

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

  it('learns the interval between sign-ins finishing while busy, not idle time', () => {
    let clock = 0;
    const gate = new SignInGate(10_000, () => clock, 100);
    const done = Array.from({ length: 5 }, () => gate.admit());
    for (const finish of done) {
      clock += 400; // each takes 400 ms of the server's time
      finish();
    }
    const learned = gate.estimateMs();
    expect(learned).toBeGreaterThan(100);
    // A long idle pause before the next one is not taken for service time.
    clock += 60_000;
    gate.admit()();
    expect(gate.estimateMs()).toBe(learned);
  });

  it('lets a sign-in leave only once', () => {
    const gate = new SignInGate(1_000, () => 0, 100);
    const done = gate.admit();
    done();
    done();
    expect(gate.estimateMs()).toBe(100);
  });
});
