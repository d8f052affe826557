/** A labelled text input (Ark UI Field): label, input and optional hint wired together by ids. */
import { Field } from '@ark-ui/react/field';
import type { ChangeEvent, ComponentProps, ReactNode } from 'react';

export type TextFieldProps = {
  label: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
} & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'required' | 'disabled'>;

export function TextField({
  label,
  hint,
  required,
  disabled,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field.Root
      className={['field', className].filter(Boolean).join(' ')}
      required={required}
      disabled={disabled}
    >
      <Field.Label className="field__label">{label}</Field.Label>
      <Field.Input className="field__input" {...inputProps} />
      {hint ? <Field.HelperText className="field__hint">{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}
