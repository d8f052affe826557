/**
 * /forgot-password?token=... (spec §2): the new password, its confirmation and the live strength
 * label. The spec's local checks come first ('Set a strong password' below Medium, then
 * 'Passwords do not match'); then PUT /api/user/resetPassword. Success shows 'Password updated
 * successfully' and hands over to the route (back to the Login tab); any failure shows the
 * server's message, which the original product could lose (spec §8).
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { messages } from '../../../contract/messages.ts';
import { isStrongEnough } from '../../../contract/password-strength.ts';
import { TextField } from '../../ui/text-field.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { resetPassword } from './password-reset-api.ts';
import { StrengthMeter } from './strength-meter.tsx';
import './password-reset.css';

type Props = { token: string; onDone: () => void };

export function ResetPasswordForm({ token, onDone }: Props) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const meterId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!isStrongEnough(password)) {
      showError(messages.setStrongPassword);
      return;
    }
    if (password !== confirm) {
      showError(messages.passwordsDoNotMatch);
      return;
    }
    setBusy(true);
    try {
      await resetPassword({ password, token });
      showSuccess(messages.passwordUpdated);
      onDone();
    } catch (error) {
      showFailure(error);
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="reset-heading">
      <h1 id="reset-heading" className="card__title">
        {messages.resetPasswordTitle}
      </h1>
      <p className="muted">{messages.resetPasswordIntro}</p>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          label={messages.fieldNewPassword}
          name="new-password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={messages.strengthHint}
        />
        <StrengthMeter password={password} id={meterId} />
        <TextField
          label={messages.fieldConfirmPassword}
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? messages.working : messages.updatePassword}
        </button>
      </form>
      <p className="form__footer">
        <Link to="/forgot-password" search={{}} className="link">
          {messages.requestNewLink}
        </Link>
      </p>
    </section>
  );
}
