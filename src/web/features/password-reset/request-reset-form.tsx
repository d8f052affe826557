/**
 * /forgot-password without a token (spec §2): the email field that asks for a reset link. The
 * server half arrives with a later issue; until then its error message is shown as any other.
 */
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { messages } from '../../../contract/messages.ts';
import {
  createResetPasswordPath,
  createResetPasswordResponseSchema,
} from '../../../contract/password-reset.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { EmailField } from '../../ui/email-field.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';

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
      await apiRequest(createResetPasswordPath, {
        method: 'POST',
        body: { email: trimmed },
        schema: createResetPasswordResponseSchema,
      });
      showSuccess(messages.emailSent);
    } catch (error) {
      showError(error instanceof Error ? error.message : messages.networkError);
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
