import { describe, expect, it, vi } from 'vitest';
import { createNoticesCursor } from './notices-cursor.ts';

describe('the notices cursor', () => {
  it('sends what was heard last, tells listeners once per new value, and follows the list shown', () => {
    const cursor = createNoticesCursor();
    const listener = vi.fn();
    cursor.subscribe(listener);
    expect(cursor.known()).toBe(0);
    cursor.shown(3);
    expect(cursor.known()).toBe(3);
    cursor.heard(5);
    expect(listener).toHaveBeenCalledTimes(1);
    cursor.shown(5);
    cursor.heard(5);
    expect(listener).toHaveBeenCalledTimes(1);
    // A list read before the newest notice: the next answer tells the panel again.
    cursor.shown(4);
    cursor.heard(5);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(cursor.known()).toBe(5);
    expect(cursor.latestHeard()).toBe(5);
    // An older server answers without a cursor: nothing changes.
    cursor.heard(undefined);
    expect(cursor.known()).toBe(5);
  });
});
