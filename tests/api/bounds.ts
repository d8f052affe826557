/**
 * Bounds on a hung API test, hook or poll, never measures of speed. In CI they are five times
 * larger: the unit and API tests run at a lower priority beside the browser tests
 * (scripts/test.mjs), and on a slow 2-core machine they got so little of the cores that a
 * server's start took over 120 s and a roster of 100,001 rows over 90 s (CI of 2026-11-29, load
 * average 17), correct tests both. The same file sets the project's defaults (vitest.config.ts).
 */
const CI_FACTOR = 5;

/** `ms` here, five times that in CI. */
export function bound(ms: number): number {
  return process.env.CI ? ms * CI_FACTOR : ms;
}
