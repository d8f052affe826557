/**
 * The "Output comparison" fieldset of the challenge form: exact, the Kattis/DOMjudge default
 * validator with its flags, or a checker program of the teacher's. Native radios and checkboxes,
 * as the test cases' "Hidden" box, so arrow keys move between the modes and Space toggles a flag;
 * the tolerances are Ark UI fields like the form's other inputs, shown only for the default
 * validator, which alone uses them; the checker's language and source only for the checker.
 */
import { languages } from '../../../contract/challenges.ts';
import { COMPARE_MODES, type CompareMode } from '../../../contract/compare-rule.ts';
import { messages } from '../../../contract/messages.ts';
import { LANGUAGE_LABELS } from '../../../contract/verdicts.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { CompareFormValues } from './compare-form-values.ts';

type Props = { values: CompareFormValues; onChange: (values: CompareFormValues) => void };

const modeLabels: Record<CompareMode, string> = {
  default: messages.compareModeDefault,
  exact: messages.compareModeExact,
  checker: messages.compareModeChecker,
};

export function CompareFields({ values, onChange }: Props) {
  const update = (patch: Partial<CompareFormValues>) => onChange({ ...values, ...patch });
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">{messages.compareLegend}</legend>
      <fieldset className="compare-modes">
        <legend className="field__label">{messages.compareModeLabel}</legend>
        {COMPARE_MODES.map((mode) => (
          <label key={mode} className="checkbox">
            <input
              type="radio"
              name="compareMode"
              value={mode}
              checked={values.mode === mode}
              onChange={() => update({ mode })}
            />
            {modeLabels[mode]}
          </label>
        ))}
      </fieldset>
      {values.mode === 'default' ? (
        <div className="form-grid">
          <label className="checkbox">
            <input
              type="checkbox"
              name="caseSensitive"
              checked={values.caseSensitive}
              onChange={(e) => update({ caseSensitive: e.target.checked })}
            />
            {messages.compareCaseSensitive}
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              name="spaceChangeSensitive"
              checked={values.spaceChangeSensitive}
              onChange={(e) => update({ spaceChangeSensitive: e.target.checked })}
            />
            {messages.compareSpaceSensitive}
          </label>
          <TextField
            label={messages.compareAbsoluteTolerance}
            name="floatAbsoluteTolerance"
            inputMode="decimal"
            spellCheck={false}
            placeholder="1e-6"
            value={values.absoluteTolerance}
            onChange={(e) => update({ absoluteTolerance: e.target.value })}
          />
          <TextField
            label={messages.compareRelativeTolerance}
            name="floatRelativeTolerance"
            inputMode="decimal"
            spellCheck={false}
            placeholder="1e-6"
            value={values.relativeTolerance}
            onChange={(e) => update({ relativeTolerance: e.target.value })}
          />
          <p className="field__hint form-grid__wide">{messages.compareToleranceHint}</p>
        </div>
      ) : null}
      {values.mode === 'checker' ? <CheckerFields values={values} update={update} /> : null}
    </fieldset>
  );
}

function CheckerFields({
  values,
  update,
}: {
  values: CompareFormValues;
  update: (patch: Partial<CompareFormValues>) => void;
}) {
  return (
    <div className="form-grid">
      <label className="field">
        <span className="field__label">{messages.checkerLanguageLabel}</span>
        <select
          className="field__input field__select"
          name="checkerLanguage"
          value={values.checkerLanguage}
          onChange={(e) => {
            const language = languages.find((l) => l === e.target.value);
            if (language) update({ checkerLanguage: language });
          }}
        >
          {languages.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_LABELS[l]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{messages.checkerFileLabel}</span>
        <input
          className="field__input"
          type="file"
          name="checkerFile"
          accept=".c,.cc,.cpp,.cxx,.h,.hpp,.java,.js,.mjs,.py,.txt,text/*"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void file.text().then((checkerSource) => update({ checkerSource }));
          }}
        />
      </label>
      <TextAreaField
        code
        className="form-grid__wide"
        rows={10}
        label={messages.checkerSourceLabel}
        name="checkerSource"
        value={values.checkerSource}
        hint={messages.checkerHint}
        onChange={(e) => update({ checkerSource: e.target.value })}
      />
    </div>
  );
}
