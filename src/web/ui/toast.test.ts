import { describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '../../contract/messages-first-screen.ts';
import { createToastQueue, type ToastRequest } from './toast.ts';

const toast = (type: ToastRequest['type'], description: string): ToastRequest => ({
  type,
  description,
  duration: TOAST_DURATION_MS,
});

// A fresh queue: the app's own is shared with the other test files of this worker (the unit-web
// project does not isolate files), where the toaster may already have connected to it. The app's
// showError and showSuccess are seen through the toaster in the features' tests.
describe('toasts raised before the toaster has loaded', () => {
  it('wait in order, tell the layout, and go to the toaster when it connects, later ones at once', () => {
    const queue = createToastQueue();
    const raised = vi.fn();
    const unsubscribe = queue.onToastRaised(raised);
    expect(queue.hasWaitingToasts()).toBe(false);
    queue.raise(toast('error', 'first'));
    queue.raise(toast('success', 'second'));
    queue.raise(toast('error', 'first'));
    expect(raised).toHaveBeenCalledTimes(3);
    expect(queue.hasWaitingToasts()).toBe(true);

    const shown: ToastRequest[] = [];
    queue.connectToastSink((next) => shown.push(next));
    expect(queue.hasWaitingToasts()).toBe(false);
    expect(shown).toEqual([
      toast('error', 'first'),
      toast('success', 'second'),
      toast('error', 'first'),
    ]);

    unsubscribe();
    queue.raise(toast('success', 'third'));
    expect(shown.at(-1)).toEqual(toast('success', 'third'));
    expect(queue.hasWaitingToasts()).toBe(false);
    expect(raised).toHaveBeenCalledTimes(3);
  });
});
