/** A labelled multi-line text box (Ark UI Field), e.g. a challenge's description or a test's input. */
import { Field } from '@ark-ui/react/field';
import type { ChangeEvent, ComponentProps, ReactNode } from 'react';

export type TextAreaFieldProps = {
  label: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  hint?: ReactNode;
  /**
   * What is wrong with the value: shown in the hint's place (so it is the field's description,
   * read with it) and marks the field invalid.
   */
  error?: string | undefined;
  required?: boolean;
  code?: boolean;
} & Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'required'>;

export function TextAreaField({
  label,
  hint,
  error,
  required,
  code,
  className,
  ...props
}: TextAreaFieldProps) {
  return (
    <Field.Root
      className={['field', className].filter(Boolean).join(' ')}
      invalid={error !== undefined}
      required={required}
    >
      <Field.Label className="field__label">{label}</Field.Label>
      <Field.Textarea
        className={
          code
            ? 'field__input field__textarea field__textarea--code'
            : 'field__input field__textarea'
        }
        spellCheck={code ? false : undefined}
        {...props}
      />
      {error !== undefined ? (
        <Field.HelperText className="field__hint field__hint--error">{error}</Field.HelperText>
      ) : hint ? (
        <Field.HelperText className="field__hint">{hint}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
