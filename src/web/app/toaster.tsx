/**
 * Renders the toasts of ui/toast.ts: a polite live region, each toast with a close button. Ark
 * UI's toast store is made here, in this lazy chunk, and takes over the toasts raised before it
 * loaded. Its words come from the first screen's catalogue: the first screen raises toasts, and
 * showing one must not wait for the whole catalogue's chunk.
 */
import { Portal } from '@ark-ui/react/portal';
import { Toast, Toaster, createToaster } from '@ark-ui/react/toast';
import {
  TOAST_DURATION_MS,
  firstScreenMessages as messages,
} from '../../contract/messages-first-screen.ts';
import { connectToastSink } from '../ui/toast.ts';

export const toaster = createToaster({
  placement: 'bottom-end',
  duration: TOAST_DURATION_MS,
  max: 5,
  gap: 12,
  // Exam-room machines may be locked or switched away from; the 5 s still count.
  pauseOnPageIdle: false,
});

connectToastSink((toast) => {
  toaster.create({ ...toast, closable: true });
});

export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} className="toaster">
        {(toast) => (
          <Toast.Root className="toast" data-testid="toast">
            <span className="toast__icon" aria-hidden="true">
              {toast.type === 'error' ? '!' : '✓'}
            </span>
            <div className="toast__body">
              {toast.title ? (
                <Toast.Title className="toast__title">{toast.title}</Toast.Title>
              ) : null}
              <Toast.Description className="toast__description">
                {toast.description}
              </Toast.Description>
            </div>
            <Toast.CloseTrigger className="toast__close" aria-label={messages.closeToast}>
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                <path
                  d="M3 3l10 10M13 3L3 13"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
