/**
 * Exam integrity settings (issue 17), an addition below the spec's fields: record tab changes
 * and block pasting from outside the editor. Native checkboxes, as elsewhere in the form: Tab
 * reaches each, Space toggles it, and each hint is tied to its box by aria-describedby so a
 * screen reader reads what turning it on means.
 */
import { useId } from 'react';
import { messages } from '../../../contract/messages.ts';

export type IntegrityValues = { captureTabChanges: boolean; disablePaste: boolean };

type Props = { values: IntegrityValues; onChange: (values: IntegrityValues) => void };

export function IntegrityFields({ values, onChange }: Props) {
  const captureHint = useId();
  const pasteHint = useId();
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">{messages.integritySettingsLegend}</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          name="captureTabChanges"
          checked={values.captureTabChanges}
          aria-describedby={captureHint}
          onChange={(e) => onChange({ ...values, captureTabChanges: e.target.checked })}
        />
        {messages.captureTabChangesLabel}
      </label>
      <p id={captureHint} className="field__hint">
        {messages.captureTabChangesHint}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          name="disablePaste"
          checked={values.disablePaste}
          aria-describedby={pasteHint}
          onChange={(e) => onChange({ ...values, disablePaste: e.target.checked })}
        />
        {messages.disablePasteLabel}
      </label>
      <p id={pasteHint} className="field__hint">
        {messages.disablePasteHint}
      </p>
    </fieldset>
  );
}
