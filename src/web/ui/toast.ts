/**
 * The app's toast queue (Ark UI createToaster). Features call showError / showSuccess; the
 * <AppToaster> in app/ renders them. Every call makes a new toast (fresh id), so the same error
 * shown twice in a row appears twice, as the spec's catalogue expects.
 */
import { createToaster } from '@ark-ui/react/toast';
import { TOAST_DURATION_MS } from '../../contract/messages-first-screen.ts';

export const toaster = createToaster({
  placement: 'bottom-end',
  duration: TOAST_DURATION_MS,
  max: 5,
  gap: 12,
  // Exam-room machines may be locked or switched away from; the 5 s still count.
  pauseOnPageIdle: false,
});

export function showError(message: string): void {
  toaster.create({
    type: 'error',
    description: message,
    duration: TOAST_DURATION_MS,
    closable: true,
  });
}

export function showSuccess(message: string): void {
  toaster.create({
    type: 'success',
    description: message,
    duration: TOAST_DURATION_MS,
    closable: true,
  });
}
