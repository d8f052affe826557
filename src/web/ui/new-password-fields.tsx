/**
 * A new password, its live strength and its confirmation: the fields of every page that sets a
 * password (reset, activation, one-time password, staff invitation). The page keeps the values
 * and runs the spec's checks ('Set a strong password' below Medium, then 'Passwords do not
 * match') on submit.
 */
import { useId } from 'react';
import { messages } from '../../contract/messages.ts';
import { StrengthMeter } from './strength-meter.tsx';
import { TextField } from './text-field.tsx';

type Props = {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
};

export function NewPasswordFields({ password, confirm, onPassword, onConfirm }: Props) {
  const meterId = useId();
  return (
    <>
      <TextField
        label={messages.fieldNewPassword}
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => onPassword(event.target.value)}
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
        onChange={(event) => onConfirm(event.target.value)}
      />
    </>
  );
}
