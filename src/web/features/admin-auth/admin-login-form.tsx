/**
 * /admin: the administrator's sign-in (spec §2). The server checks the credentials; a refusal shows
 * 'Invalid credentials' (the server's own message), missing fields 'Please enter all details'.
 * The form is prerendered into the built page: method="post" keeps a submission made without
 * script from putting the password in a URL (the app itself submits with fetch). A 503 with
 * Retry-After (a sign-in burst, issue 38) is waited out and sent again once, as students' are.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { messages } from '../../../contract/messages.ts';
import { setAdminSession } from '../../session/admin-session.ts';
import { EmailField } from '../../ui/email-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showError } from '../../ui/toast.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { useBusyRetry } from '../../lib/use-busy-retry.ts';
import { BusyNotice } from '../../ui/busy-notice.tsx';
import { adminLogin } from './admin-login-api.ts';

type Props = {
  onSignedIn: () => void;
  /** Another way to sign in, under the form (campus single sign-on). */
  alternative?: ReactNode;
};

export function AdminLoginForm({ onSignedIn, alternative }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { countdown, run } = useBusyRetry();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '' || password === '') {
      showError(messages.enterAllDetails);
      return;
    }
    setBusy(true);
    try {
      const { token, email: signedIn } = await run(() => adminLogin({ email, password }));
      setAdminSession({ email: signedIn, token });
      onSignedIn();
    } catch (error) {
      showFailure(error);
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="admin-login-heading">
      <p className="eyebrow">{messages.adminEyebrow}</p>
      <h1 id="admin-login-heading" className="card__title">
        {messages.adminSignInTitle}
      </h1>
      <form className="form" method="post" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailField
          label={messages.adminEmailLabel}
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={messages.fieldPassword}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <BusyNotice countdown={countdown} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? messages.working : messages.adminSignIn}
        </button>
      </form>
      {alternative}
    </section>
  );
}
