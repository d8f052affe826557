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

const pending: ToastRequest[] = [];
const listeners = new Set<() => void>();
let sink: Sink | null = null;

function raise(toast: ToastRequest): void {
  if (sink) sink(toast);
  else pending.push(toast);
  listeners.forEach((listener) => listener());
}

export function showError(message: string): void {
  raise({ type: 'error', description: message, duration: TOAST_DURATION_MS });
}

export function showSuccess(message: string): void {
  raise({ type: 'success', description: message, duration: TOAST_DURATION_MS });
}

/** True while toasts wait for the toaster to load (the root layout then mounts it at once). */
export function hasWaitingToasts(): boolean {
  return pending.length > 0;
}

/** Calls `listener` after every toast raised; returns the unsubscribe. */
export function onToastRaised(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toaster's store takes the waiting toasts, in order, and every later one. */
export function connectToastSink(next: Sink): void {
  sink = next;
  for (const toast of pending.splice(0)) next(toast);
}
