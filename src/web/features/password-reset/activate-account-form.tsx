/**
 * /activate-account?token=... (issue 15 item 3): the link mailed at sign-up to a roster student,
 * or to every new student under STUDENT_SIGNUP=verify. The new-password card of the reset page;
 * the server answers the session, which is stored, and the route moves on to step 2.
 */
import { Link } from '@tanstack/react-router';
import { messages } from '../../../contract/messages.ts';
import { setSession } from '../../session/index.ts';
import { showSuccess } from '../../ui/toast.ts';
import { activateAccount } from './activate-account-api.ts';
import { NewPasswordForm } from './new-password-form.tsx';

type Props = { token: string; onDone: () => void };

export function ActivateAccountForm({ token, onDone }: Props) {
  return (
    <NewPasswordForm
      title={messages.activateAccountTitle}
      intro={messages.activateAccountIntro}
      submitLabel={messages.activateAccount}
      submit={async (password, retry) => {
        setSession(await retry(() => activateAccount({ password, token })));
        showSuccess(messages.accountActivated);
        onDone();
      }}
      footer={
        <Link to="/" className="link">
          {messages.activationNewLink}
        </Link>
      }
    />
  );
}
