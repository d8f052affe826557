import { describe, expect, it } from 'vitest';
import { releasedFor, type ReleaseRule } from './release-rule.ts';

const endsAt = new Date('2026-03-01T12:00:00Z');
const before = new Date('2026-03-01T11:59:59Z');
const rule = (mode: ReleaseRule['mode'], releasedAt: Date | null = null): ReleaseRule => ({
  mode,
  releasedAt,
  endsAt,
});

describe('releasedFor', () => {
  it('releases immediate rules at once', () => {
    expect(releasedFor(rule('immediate'), before)).toBe(true);
  });
  it('releases after_end rules at the end of the window, not a second before', () => {
    expect(releasedFor(rule('after_end'), before)).toBe(false);
    expect(releasedFor(rule('after_end'), endsAt)).toBe(true);
  });
  it('keeps manual rules until Release, and Release releases after_end early', () => {
    expect(releasedFor(rule('manual'), new Date('2030-01-01T00:00:00Z'))).toBe(false);
    expect(releasedFor(rule('manual', before), endsAt)).toBe(true);
    expect(releasedFor(rule('after_end', new Date('2026-01-01T00:00:00Z')), before)).toBe(true);
  });
});
