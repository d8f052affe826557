/**
 * The app's toasts. Features call showError / showSuccess; the <AppToaster> in app/ renders them
 * with Ark UI's toast store. Every call makes a new toast, so the same error shown twice in a row
 * appears twice, as the spec's catalogue expects.
 *
 * The store and Ark's toast machinery live in the toaster's own lazy chunk (app/toaster.tsx), not
 * here: every screen imports this file, and Ark's toast store brings the whole toast machine with
 * it (about 8 KB gzip) into the first screen's code. Toasts raised before that chunk has loaded
 * wait here, in order, and are handed over when it connects.
 */
import { TOAST_DURATION_MS } from '../../contract/messages-first-screen.ts';

export type ToastRequest = {
  type: 'error' | 'success';
  description: string;
  duration: number;
};

type Sink = (toast: ToastRequest) => void;

export type ToastQueue = {
  raise(toast: ToastRequest): void;
  /** True while toasts wait for the toaster to load (the root layout then mounts it at once). */
  hasWaitingToasts(): boolean;
  /** Calls `listener` after every toast raised; returns the unsubscribe. */
  onToastRaised(listener: () => void): () => void;
  /** The toaster's store takes the waiting toasts, in order, and every later one. */
  connectToastSink(next: Sink): void;
};

/** A queue of its own (the app has one, below; a test makes a fresh one). */
export function createToastQueue(): ToastQueue {
  const pending: ToastRequest[] = [];
  const listeners = new Set<() => void>();
  let sink: Sink | null = null;
  return {
    raise(toast) {
      if (sink) sink(toast);
      else pending.push(toast);
      listeners.forEach((listener) => listener());
    },
    hasWaitingToasts: () => pending.length > 0,
    onToastRaised(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connectToastSink(next) {
      sink = next;
      for (const toast of pending.splice(0)) next(toast);
    },
  };
}

const appToasts = createToastQueue();
export const { hasWaitingToasts, onToastRaised, connectToastSink } = appToasts;

export function showError(message: string): void {
  appToasts.raise({ type: 'error', description: message, duration: TOAST_DURATION_MS });
}

export function showSuccess(message: string): void {
  appToasts.raise({ type: 'success', description: message, duration: TOAST_DURATION_MS });
}
