/** A failed call's toast: the server's message (the api-client puts it in the error), else the network text. */
import { firstScreenMessages as messages } from '../../contract/messages-first-screen.ts';
import { showError } from './toast.ts';

export function showFailure(error: unknown): void {
  showError(error instanceof Error && error.message !== '' ? error.message : messages.networkError);
}
