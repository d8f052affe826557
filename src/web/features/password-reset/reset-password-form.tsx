/**
 * /forgot-password?token=... (spec §2): the new-password card, then PUT /api/user/resetPassword.
 * Success shows 'Password updated successfully' and hands over to the route (back to the Login
 * tab).
 */
import { Link } from '@tanstack/react-router';
import { messages } from '../../../contract/messages.ts';
import { showSuccess } from '../../ui/toast.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import { resetPassword } from './password-reset-api.ts';

type Props = { token: string; onDone: () => void };

export function ResetPasswordForm({ token, onDone }: Props) {
  return (
    <NewPasswordForm
      title={messages.resetPasswordTitle}
      intro={messages.resetPasswordIntro}
      submitLabel={messages.updatePassword}
      submit={async (password, retry) => {
        await retry(() => resetPassword({ password, token }));
        showSuccess(messages.passwordUpdated);
        onDone();
      }}
      footer={
        <Link to="/forgot-password" search={{}} className="link">
          {messages.requestNewLink}
        </Link>
      }
    />
  );
}
