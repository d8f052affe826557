/** A labelled text input (Ark UI Field): label, input and optional hint wired together by ids. */
import { Field } from '@ark-ui/react/field';
import { useRef, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import { useReplayTypedValue } from './replay-typed-value.ts';

export type TextFieldProps = {
  label: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  hint?: ReactNode;
  /**
   * What is wrong with the value: shown in the hint's place (so it is the field's description,
   * read with it) and marks the field invalid.
   */
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
} & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'required' | 'disabled' | 'ref'>;

export function TextField({
  label,
  hint,
  error,
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
      invalid={error !== undefined}
      required={required}
      disabled={disabled}
    >
      <Field.Label className="field__label">{label}</Field.Label>
      <Field.Input ref={input} className="field__input" {...inputProps} />
      {error !== undefined ? (
        <Field.HelperText className="field__hint field__hint--error">{error}</Field.HelperText>
      ) : hint ? (
        <Field.HelperText className="field__hint">{hint}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
