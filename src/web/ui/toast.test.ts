import { describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '../../contract/messages-first-screen.ts';
import {
  connectToastSink,
  hasWaitingToasts,
  onToastRaised,
  showError,
  showSuccess,
  type ToastRequest,
} from './toast.ts';

describe('toasts raised before the toaster has loaded', () => {
  it('wait in order, tell the layout, and go to the toaster when it connects, later ones at once', () => {
    const raised = vi.fn();
    const unsubscribe = onToastRaised(raised);
    expect(hasWaitingToasts()).toBe(false);
    showError('first');
    showSuccess('second');
    showError('first');
    expect(raised).toHaveBeenCalledTimes(3);
    expect(hasWaitingToasts()).toBe(true);

    const shown: ToastRequest[] = [];
    connectToastSink((toast) => shown.push(toast));
    expect(hasWaitingToasts()).toBe(false);
    expect(shown).toEqual([
      { type: 'error', description: 'first', duration: TOAST_DURATION_MS },
      { type: 'success', description: 'second', duration: TOAST_DURATION_MS },
      { type: 'error', description: 'first', duration: TOAST_DURATION_MS },
    ]);

    unsubscribe();
    showSuccess('third');
    expect(shown.at(-1)).toEqual({
      type: 'success',
      description: 'third',
      duration: TOAST_DURATION_MS,
    });
    expect(hasWaitingToasts()).toBe(false);
    expect(raised).toHaveBeenCalledTimes(3);
  });
});
