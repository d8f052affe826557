/**
 * A challenge's similarity settings (issue 37), beside its report: the minimum of shared tokens
 * under which a pair is too short to compare (empty: the default), and the teacher's reference
 * solution, which counts like the starter code. Folded away by default: the report comes first.
 * Saving recomputes the report (the server keeps it by the challenge's version).
 */
import { useState, type FormEvent } from 'react';
import { messages } from '../../../contract/messages.ts';
import {
  SIMILARITY_DEFAULT_MINIMUM_TOKENS,
  SIMILARITY_MAX_MINIMUM_TOKENS,
  type SimilaritySettings,
} from '../../../contract/similarity.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showFailure } from '../../ui/show-failure.ts';
import { showSuccess } from '../../ui/toast.ts';
import { saveSettings } from './similarity-api.ts';

type Props = {
  token: string;
  challengeId: string;
  settings: SimilaritySettings;
  onSaved: () => void;
};

export function SettingsForm({ token, challengeId, settings, onSaved }: Props) {
  const [minimum, setMinimum] = useState(settings.minimumTokens?.toString() ?? '');
  const [reference, setReference] = useState(settings.referenceSolution);
  const [saving, setSaving] = useState(false);
  const trimmed = minimum.trim();
  const minimumTokens = trimmed === '' ? null : Number(trimmed);
  const invalid =
    minimumTokens !== null &&
    !(
      Number.isInteger(minimumTokens) &&
      minimumTokens >= 1 &&
      minimumTokens <= SIMILARITY_MAX_MINIMUM_TOKENS
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || saving) return;
    setSaving(true);
    try {
      showSuccess(
        await saveSettings(token, challengeId, { minimumTokens, referenceSolution: reference }),
      );
      onSaved();
    } catch (error) {
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <details className="similarity__settings">
      <summary>{messages.similaritySettingsTitle}</summary>
      <form className="similarity__settings-form" onSubmit={(event) => void submit(event)}>
        <TextField
          label={messages.similarityMinimumLabel}
          name="minimumTokens"
          inputMode="numeric"
          value={minimum}
          onChange={(event) => setMinimum(event.target.value)}
          error={invalid ? messages.similarityInvalidMinimum : undefined}
          hint={messages.similarityMinimumHint.replace(
            '{default}',
            String(SIMILARITY_DEFAULT_MINIMUM_TOKENS),
          )}
          className="similarity__minimum"
        />
        <TextAreaField
          label={messages.similarityReferenceLabel}
          name="referenceSolution"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          hint={messages.similarityReferenceHint}
          rows={8}
          code
        />
        <div>
          <button type="submit" className="button button--primary" disabled={saving || invalid}>
            {messages.similaritySaveSettings}
          </button>
        </div>
      </form>
    </details>
  );
}
