/**
 * "Choose a new password" (issue 33): after a login with a one-time password from staff, the
 * reset page's new-password card with its strength rule (spec §5). The server answers the
 * session, which is stored, and the route moves on to step 2; the one-time password is then
 * spent. "Back to sign in" drops the pending change.
 */
import { Link } from '@tanstack/react-router';
import { credentialsUi } from '../../../contract/credentials-ui.ts';
import { messages } from '../../../contract/messages.ts';
import { setSession } from '../../session/index.ts';
import { clearPasswordChange, type PendingPasswordChange } from '../../session/password-change.ts';
import { showSuccess } from '../../ui/toast.ts';
import { choosePassword } from './choose-password-api.ts';
import { NewPasswordForm } from './new-password-form.tsx';

type Props = { pending: PendingPasswordChange; onDone: () => void };

export function ChoosePasswordForm({ pending, onDone }: Props) {
  return (
    <NewPasswordForm
      title={credentialsUi.chooseTitle}
      intro={credentialsUi.chooseIntro.replace('{email}', pending.email)}
      submitLabel={credentialsUi.chooseSubmit}
      submit={async (password, retry) => {
        const session = await retry(() => choosePassword({ password, token: pending.token }));
        clearPasswordChange();
        setSession(session);
        showSuccess(messages.passwordUpdated);
        onDone();
      }}
      footer={
        <>
          <span className="muted">{credentialsUi.chooseExpiresNote}</span>{' '}
          <Link to="/" className="link" onClick={clearPasswordChange}>
            {credentialsUi.chooseBack}
          </Link>
        </>
      }
    />
  );
}
