/**
 * Shared submit logic of the Login and Sign Up forms: the spec's client-side check (every field
 * filled, else 'Please enter all details' and no call), then the call, then the session is stored,
 * which moves the screen to step 2. A sign-up the server answers with "check your email" (the
 * account is activated by a mailed link) shows that message instead and stays on step 1.
 * Failures show the server's message in an error toast; a 503 with Retry-After (many sign-ins at
 * once) is waited out and sent again once by itself (use-busy-retry.ts), the countdown in
 * `countdown` for the form to show. A login with a one-time password (issue 33) is no session:
 * its change token is held (session/password-change.ts) and `onMustChangePassword` moves on to
 * the "Choose a new password" page.
 */
import { useState, type FormEvent } from 'react';
import type { LoginSignUpRequest } from '../../../contract/auth.ts';
import { firstScreenMessages as messages } from '../../../contract/messages-first-screen.ts';
import { useBusyRetry } from '../../lib/use-busy-retry.ts';
import { setSession } from '../../session/index.ts';
import { holdPasswordChange } from '../../session/password-change.ts';
import { showError, showSuccess } from '../../ui/toast.ts';
import { showFailure } from '../../ui/show-failure.ts';

// The call and its response schema (with the full zod library) load on the first submit, not
// before the first screen: nothing on the screen needs them until then. The service worker has
// usually cached the chunk by the time a student has typed their details. A chunk that cannot be
// fetched is a network failure like any other, and reads as one.
const loadApi = () =>
  import('./login-sign-up-api.ts').catch(() => {
    throw new Error(messages.networkError);
  });

export function hasAllDetails(body: LoginSignUpRequest): boolean {
  const filled = (text: string | undefined) => text !== undefined && text.trim() !== '';
  return filled(body.email) && body.password !== '' && (!('name' in body) || filled(body.name));
}

export function useAuthSubmit(
  buildBody: () => LoginSignUpRequest,
  onMailed?: (message: string) => void,
  onMustChangePassword?: () => void,
) {
  const [busy, setBusy] = useState(false);
  const { countdown, run } = useBusyRetry();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = buildBody();
    if (!hasAllDetails(body)) {
      showError(messages.enterAllDetails);
      return;
    }
    setBusy(true);
    try {
      const { loginOrSignUp } = await loadApi();
      const answer = await run(() => loginOrSignUp(body));
      if ('token' in answer) {
        const { mustChangePassword, ...session } = answer;
        if (mustChangePassword) {
          holdPasswordChange({ token: session.token, name: session.name, email: session.email });
          onMustChangePassword?.();
          return;
        }
        setSession(session);
        return;
      }
      showSuccess(answer.message);
      onMailed?.(answer.message);
      setBusy(false);
    } catch (error) {
      showFailure(error);
      setBusy(false);
    }
  }

  return { busy, countdown, onSubmit };
}
