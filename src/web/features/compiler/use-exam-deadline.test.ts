import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { EXAM_SCREEN_SOURCE } from '../../../contract/compiler-events.ts';
import { useExamDeadline } from './use-exam-deadline.ts';

const INITIAL = '2026-11-28T10:00:00.000Z';
const STOPPED = '2026-11-28T09:20:00.000Z';

/** A message as the exam screen (this window's parent in a test page) would send it. */
function fromScreen(data: unknown, origin = window.location.origin): void {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: window.parent }));
  });
}

describe('useExamDeadline', () => {
  it('takes the deadline the exam screen tells, in the agreed shape from its own origin only', () => {
    const { result } = renderHook(() => useExamDeadline(INITIAL, true));
    expect(result.current).toBe(INITIAL);
    fromScreen(
      { source: EXAM_SCREEN_SOURCE, type: 'deadline', deadline: STOPPED },
      'https://evil.test',
    );
    fromScreen({ source: 'someone-else', type: 'deadline', deadline: STOPPED });
    fromScreen({ source: EXAM_SCREEN_SOURCE, type: 'deadline' });
    expect(result.current).toBe(INITIAL);
    fromScreen({ source: EXAM_SCREEN_SOURCE, type: 'deadline', deadline: STOPPED });
    expect(result.current).toBe(STOPPED);
  });

  it('listens to nothing for a challenge sat alone', () => {
    const { result } = renderHook(() => useExamDeadline(INITIAL, false));
    fromScreen({ source: EXAM_SCREEN_SOURCE, type: 'deadline', deadline: STOPPED });
    expect(result.current).toBe(INITIAL);
  });
});
