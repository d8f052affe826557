/** A labelled text input (Ark UI Field): label, input and optional hint wired together by ids. */
import { Field } from '@ark-ui/react/field';
import { useRef, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import { useReplayTypedValue } from './replay-typed-value.ts';

export type TextFieldProps = {
  label: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
} & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'required' | 'disabled' | 'ref'>;

export function TextField({
  label,
  hint,
  required,
  disabled,
  className,
  ...inputProps
}: TextFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // Fields of the prerendered first screens can be typed into before the app hydrates them.
  useReplayTypedValue(input, inputProps.value);
  return (
    <Field.Root
      className={['field', className].filter(Boolean).join(' ')}
      required={required}
      disabled={disabled}
    >
      <Field.Label className="field__label">{label}</Field.Label>
      <Field.Input ref={input} className="field__input" {...inputProps} />
      {hint ? <Field.HelperText className="field__hint">{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}
