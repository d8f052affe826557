/**
 * The new-password card behind an emailed link: the reset page (spec §2) and, sharing it, the
 * account activation page (issue 15 item 3). New password, its confirmation and the live strength
 * label; the spec's local checks come first ('Set a strong password' below Medium, then
 * 'Passwords do not match'), then `submit`. A failure shows the server's message, which the
 * original product could lose (spec §8); a 503 with Retry-After is waited out, counting down, and
 * sent again once by itself (use-busy-retry.ts).
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { messages } from '../../../contract/messages.ts';
import { isStrongEnough } from '../../../contract/password-strength.ts';
import { useBusyRetry } from '../../lib/use-busy-retry.ts';
import { BusyNotice } from '../../ui/busy-notice.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { showError } from '../../ui/toast.ts';
import { showFailure } from '../../ui/show-failure.ts';

type Props = {
  title: string;
  intro: string;
  submitLabel: string;
  /**
   * Sends the password through `retry` (the call only: a 503 with Retry-After is sent again
   * once); on success the caller moves on (the form stays busy until then).
   */
  submit: (password: string, retry: <T>(call: () => Promise<T>) => Promise<T>) => Promise<void>;
  /** A link for a fresh email. */
  footer: ReactNode;
};

export function NewPasswordForm({ title, intro, submitLabel, submit, footer }: Props) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const { countdown, run } = useBusyRetry();
  const headingId = useId();

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
      await submit(password, run);
    } catch (error) {
      showFailure(error);
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <h1 id={headingId} className="card__title">
        {title}
      </h1>
      <p className="muted">{intro}</p>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        <BusyNotice countdown={countdown} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? messages.working : submitLabel}
        </button>
      </form>
      <p className="form__footer">{footer}</p>
    </section>
  );
}
