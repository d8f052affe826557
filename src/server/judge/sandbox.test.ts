import { describe, expect, it } from 'vitest';
import { MAX_WALL_STRETCH, wallTimeOwedMs } from './sandbox.ts';

describe('the wall-clock limit of a box', () => {
  it('stops a box that ran or slept through its limit', () => {
    expect(wallTimeOwedMs(2000, 2000, 0)).toBe(0);
    expect(wallTimeOwedMs(2000, 2003, 0.5)).toBe(0);
  });

  it('gives back the time the box waited for a core', () => {
    expect(wallTimeOwedMs(2000, 2000, 700)).toBe(700);
    // Asked again once that time is up: only what it waited since is still owed.
    expect(wallTimeOwedMs(2000, 2700, 900)).toBe(200);
  });

  it('never lets a box run past the stretch limit, however long it waited', () => {
    expect(wallTimeOwedMs(2000, 2000, 10_000)).toBe(2000 * MAX_WALL_STRETCH - 2000);
    expect(wallTimeOwedMs(2000, 2000 * MAX_WALL_STRETCH, 50_000)).toBe(0);
  });
});
