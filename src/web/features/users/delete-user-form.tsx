/**
 * Delete User (spec §2): an email, a confirmation (deleting a student also deletes their
 * attempts and submissions), then 'User succesfully deleted' or the server's message.
 */
import { useState, type FormEvent } from 'react';
import { emailSchema } from '../../../contract/auth.ts';
import { messages } from '../../../contract/messages.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmailField } from '../../ui/email-field.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { deleteUser } from './users-api.ts';
import './users.css';

export function DeleteUserForm({ token }: { token: string }) {
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message ?? messages.enterAllDetails);
      return;
    }
    setConfirming(parsed.data);
  }

  async function onConfirm(target: string) {
    setConfirming(null);
    setBusy(true);
    try {
      await deleteUser(token, target);
      showSuccess(messages.userDeleted);
      setEmail('');
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="delete-user-heading" className="dash-section dash-section--narrow">
      <h2 id="delete-user-heading" className="dash-section__title">
        {messages.deleteUserTitle}
      </h2>
      <p className="muted">{messages.deleteUserIntro}</p>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailField
          label={messages.studentEmailLabel}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="actions">
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? messages.working : messages.deleteUserButton}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={messages.confirmDeleteUserTitle}
        confirmLabel={messages.confirmDelete}
        onConfirm={() => confirming && void onConfirm(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <strong>{confirming}</strong> — {messages.deleteUserIntro}
      </ConfirmDialog>
    </section>
  );
}
