/**
 * A labelled native select over a fixed set of values, each shown by its own label (Ark UI
 * Field, like SelectField): the tables' extra filters (who started, claimed accounts).
 */
import { Field } from '@ark-ui/react/field';

type Props<T extends string> = {
  label: string;
  name: string;
  value: T;
  /** The values in the order offered, and the text each is shown by. */
  order: readonly T[];
  labels: Readonly<Record<T, string>>;
  onChange: (value: T) => void;
};

export function ChoiceField<T extends string>({
  label,
  name,
  value,
  order,
  labels,
  onChange,
}: Props<T>) {
  return (
    <Field.Root className="field">
      <Field.Label className="field__label">{label}</Field.Label>
      <Field.Select
        className="field__input field__select"
        name={name}
        value={value}
        onChange={(event) => {
          const chosen = order.find((option) => option === event.target.value);
          if (chosen !== undefined) onChange(chosen);
        }}
      >
        {order.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </Field.Select>
    </Field.Root>
  );
}
