/**
 * "Also accepted in" (issue 14): the languages a student may pick besides the challenge's own
 * (the spec's Language field stays the default). Native checkboxes, as in the output comparison
 * fieldset: Tab reaches each, Space toggles it. The default language is not offered here.
 */
import { languages, type Language } from '../../../contract/challenges.ts';
import { messages } from '../../../contract/messages.ts';
import { LANGUAGE_LABELS } from '../../../contract/verdicts.ts';

type Props = {
  /** The form's Language field (may be empty or not yet a language). */
  language: string;
  others: readonly Language[];
  onChange: (others: Language[]) => void;
};

export function LanguageFields({ language, others, onChange }: Props) {
  const offered = languages.filter((l) => l !== language);
  const toggle = (l: Language, on: boolean) =>
    onChange(languages.filter((x) => x !== language && (x === l ? on : others.includes(x))));
  return (
    <fieldset className="compare-modes form-grid__wide">
      <legend className="field__label">{messages.otherLanguagesLabel}</legend>
      {offered.map((l) => (
        <label key={l} className="checkbox">
          <input
            type="checkbox"
            name="languages"
            value={l}
            checked={others.includes(l)}
            onChange={(e) => toggle(l, e.target.checked)}
          />
          {LANGUAGE_LABELS[l]}
        </label>
      ))}
      <p className="field__hint">{messages.otherLanguagesHint}</p>
    </fieldset>
  );
}
