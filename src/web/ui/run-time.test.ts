import { describe, expect, it } from 'vitest';
import { runTimeText, timeText } from './run-time.ts';

describe('run times', () => {
  it('writes milliseconds under a second and seconds with two decimals above', () => {
    expect(timeText(120.4)).toBe('120 ms');
    expect(timeText(1500)).toBe('1.50 s');
    expect(runTimeText(999, 'Accepted')).toBe('999 ms');
    expect(runTimeText(1990, 'Wrong Answer')).toBe('1.99 s');
  });

  it('says a run stopped at the limit went over it, with the limit in seconds', () => {
    expect(runTimeText(1000, 'Time Limit Exceeded')).toBe('over 1.00 s');
    expect(runTimeText(500, 'Time Limit Exceeded')).toBe('over 0.50 s');
    expect(runTimeText(2500, 'Time Limit Exceeded')).toBe('over 2.50 s');
  });
});
