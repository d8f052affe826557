import { describe, expect, it } from 'vitest';
import { createAbsenceTracker } from './absence-tracker.ts';

const here = { visible: true, focused: true };
const hidden = { visible: false, focused: false };
const unfocused = { visible: true, focused: false };

describe('createAbsenceTracker', () => {
  it('records a tab change and the time away', () => {
    const t = createAbsenceTracker();
    expect(t.update(0, here)).toEqual([]);
    expect(t.update(1000, hidden)).toEqual([{ kind: 'left', reason: 'hidden' }]);
    expect(t.update(4500, here)).toEqual([{ kind: 'returned', awayMs: 3500 }]);
  });

  it('records a lost focus as blur, once, even when the page is then hidden too', () => {
    const t = createAbsenceTracker();
    t.update(0, here);
    expect(t.update(10, unfocused)).toEqual([{ kind: 'left', reason: 'blur' }]);
    expect(t.update(20, hidden)).toEqual([]);
    expect(t.update(2010, here)).toEqual([{ kind: 'returned', awayMs: 2000 }]);
  });

  it('records nothing for an absence it did not see begin', () => {
    const t = createAbsenceTracker();
    expect(t.update(0, hidden)).toEqual([]);
    expect(t.update(500, here)).toEqual([]);
    expect(t.update(600, here)).toEqual([]);
  });
});
