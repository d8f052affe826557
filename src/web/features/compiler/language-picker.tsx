/**
 * The language the student writes in, for a challenge that accepts several (issue 14). A labelled
 * native select (Ark UI Field), so the keyboard and screen readers need nothing more; each
 * language keeps its own draft, so switching loses nothing.
 */
import { Field } from '@ark-ui/react/field';
import { messages } from '../../../contract/messages.ts';
import { LANGUAGE_LABELS, type JudgeLanguage } from '../../../contract/verdicts.ts';

type Props = {
  language: JudgeLanguage;
  accepted: readonly JudgeLanguage[];
  disabled: boolean;
  onChoose: (language: JudgeLanguage) => void;
};

export function LanguagePicker({ language, accepted, disabled, onChoose }: Props) {
  return (
    <Field.Root className="field compiler__language" disabled={disabled}>
      <Field.Label className="field__label">{messages.compilerLanguageLabel}</Field.Label>
      <Field.Select
        className="field__input field__select"
        name="language"
        value={language}
        onChange={(event) => {
          const next = accepted.find((l) => l === event.target.value);
          if (next) onChoose(next);
        }}
      >
        {accepted.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_LABELS[l]}
          </option>
        ))}
      </Field.Select>
    </Field.Root>
  );
}
