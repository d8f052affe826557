/**
 * Shared submit logic of the Login and Sign Up forms: the spec's client-side check (every field
 * filled, else 'Please enter all details' and no call), then the call, then the session is stored,
 * which moves the screen to step 2. Failures show the server's message in an error toast.
 */
import { useState, type FormEvent } from 'react';
import type { LoginSignUpRequest } from '../../../contract/auth.ts';
import { messages } from '../../../contract/messages.ts';
import { setSession } from '../../session/index.ts';
import { showError } from '../../ui/toast.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { loginOrSignUp } from './login-sign-up-api.ts';

export function hasAllDetails(body: LoginSignUpRequest): boolean {
  const filled = (text: string | undefined) => text !== undefined && text.trim() !== '';
  return filled(body.email) && body.password !== '' && (!('name' in body) || filled(body.name));
}

export function useAuthSubmit(buildBody: () => LoginSignUpRequest) {
  const [busy, setBusy] = useState(false);

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
      setSession(await loginOrSignUp(body));
    } catch (error) {
      showFailure(error);
      setBusy(false);
    }
  }

  return { busy, onSubmit };
}
