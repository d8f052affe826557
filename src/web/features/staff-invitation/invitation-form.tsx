/**
 * /admin/invitation#<token> (issue 33): the invited staff member chooses their name and password
 * under the portal's password rules (the reset page's: 'Set a strong password' below Medium, then
 * 'Passwords do not match'), and is signed in as the admin sign-in form does. The token rides in
 * the fragment, which no server or proxy logs; the server judges it (used, expired, unknown) and
 * its message is shown in an alert.
 */
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../contract/messages.ts';
import { isStrongEnough } from '../../../contract/password-strength.ts';
import { invitationUi } from '../../../contract/staff-ui.ts';
import { setAdminSession } from '../../session/admin-session.ts';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showSuccess } from '../../ui/toast.ts';
import { acceptInvitation } from './accept-invitation-api.ts';

type Props = {
  token: string;
  onSignedIn: () => void;
};

export function InvitationForm({ token, onSignedIn }: Props) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(token === '' ? invitationUi.noToken : null);
  const headingId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || token === '') return;
    if (name.trim() === '' || password === '') return setProblem(messages.enterAllDetails);
    if (!isStrongEnough(password)) return setProblem(messages.setStrongPassword);
    if (password !== confirm) return setProblem(messages.passwordsDoNotMatch);
    setProblem(null);
    setBusy(true);
    try {
      const session = await acceptInvitation({ token, name, password });
      setAdminSession({ email: session.email, token: session.token });
      showSuccess(invitationUi.accepted);
      onSignedIn();
    } catch (error) {
      setProblem(
        error instanceof Error && error.message !== '' ? error.message : messages.networkError,
      );
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <p className="eyebrow">{invitationUi.eyebrow}</p>
      <h1 id={headingId} className="card__title">
        {invitationUi.title}
      </h1>
      <p className="muted">{invitationUi.intro}</p>
      <form className="form" method="post" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          label={invitationUi.fieldName}
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        {problem ? (
          <p className="field__hint field__hint--error" role="alert">
            {problem}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy || token === ''}
        >
          {busy ? messages.working : invitationUi.accept}
        </button>
      </form>
      <p className="form__footer">
        <Link to="/admin" className="link">
          {invitationUi.signIn}
        </Link>
      </p>
    </section>
  );
}
