/**
 * /forgot-password without a token (spec §2): the email field that asks for a reset link. The
 * server answers 'Email sent successfully' whether or not the address has an account; a failure
 * (rate limit, network) shows its message in the error toast.
 */
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { messages } from '../../../contract/messages.ts';
import { EmailField } from '../../ui/email-field.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { requestResetLink } from './password-reset-api.ts';

export function RequestResetForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = email.trim();
    if (trimmed === '') {
      showError(messages.enterAllDetails);
      return;
    }
    setBusy(true);
    try {
      await requestResetLink(trimmed);
      showSuccess(messages.emailSent);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading" className="card__title">
        {messages.forgotPasswordTitle}
      </h1>
      <p className="muted">{messages.forgotPasswordIntro}</p>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? messages.working : messages.sendResetLink}
        </button>
      </form>
      <p className="form__footer">
        <Link to="/" className="link">
          {messages.backToStart}
        </Link>
      </p>
    </section>
  );
}
