import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { firstScreenMessages as messages } from '../../../contract/messages-first-screen.ts';
import { BusyNotice } from '../../ui/busy-notice.tsx';
import { EmailField } from '../../ui/email-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { lowerCaseAsTyped } from './lower-case-as-typed.ts';
import { useAuthSubmit } from './use-auth-submit.ts';

/**
 * Step 1, Login tab: email, password and the 'Forgot Password?' link. The form is prerendered
 * into the built page: method="post" keeps a submission made without script from putting the
 * password in a URL (the app itself submits with fetch).
 */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const navigate = useNavigate();
  const { busy, countdown, onSubmit } = useAuthSubmit(
    () => ({ email: email.trim(), password }),
    undefined,
    // A one-time password from staff (issue 33): the student chooses their own first.
    () => void navigate({ to: '/choose-password' }),
  );

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <EmailField
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(lowerCaseAsTyped(event))}
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
      <div className="form__row">
        <Link to="/forgot-password" className="link">
          {messages.forgotPassword}
        </Link>
      </div>
      <BusyNotice countdown={countdown} />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? messages.working : messages.logIn}
      </button>
    </form>
  );
}
