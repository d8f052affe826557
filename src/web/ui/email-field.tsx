/** The labelled email input used by every form that asks for an address. */
import { firstScreenMessages as messages } from '../../contract/messages-first-screen.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'name'> & {
  autoComplete?: 'email' | 'username';
  label?: TextFieldProps['label'];
};

export function EmailField({
  autoComplete = 'email',
  label = messages.fieldEmail,
  ...props
}: EmailFieldProps) {
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      spellCheck={false}
      autoCapitalize="none"
      required
      {...props}
    />
  );
}
