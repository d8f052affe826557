/** Copies a link or a password for the sign-in help, with a toast either way. */
import { credentialsUi } from '../../../contract/credentials-ui.ts';
import { showError, showSuccess } from '../../ui/toast.ts';

export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showSuccess(done);
  } catch {
    showError(credentialsUi.copyFailed);
  }
}

/** A moment as the staff member's browser shows dates and times. */
export const localTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
