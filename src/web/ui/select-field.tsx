/** A labelled native select (Ark UI Field): keyboard and screen-reader behaviour come for free. */
import { Field } from '@ark-ui/react/field';
import type { ChangeEvent, ReactNode } from 'react';

export type SelectFieldProps = {
  label: ReactNode;
  name: string;
  value: string;
  /** Each option as its own value, or a value shown by a label (a course's id by its code). */
  options: readonly (string | { value: string; label: string })[];
  placeholder: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  required?: boolean;
};

export function SelectField({
  label,
  name,
  value,
  options,
  placeholder,
  onChange,
  required,
}: SelectFieldProps) {
  return (
    <Field.Root className="field" required={required}>
      <Field.Label className="field__label">{label}</Field.Label>
      <Field.Select
        className="field__input field__select"
        name={name}
        value={value}
        onChange={onChange}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </Field.Select>
    </Field.Root>
  );
}
