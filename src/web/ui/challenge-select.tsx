/**
 * A labelled select of every challenge, for the administrator's views that show one challenge at a
 * time (Results, Similarity). The view passes how to list the challenges (its own call) and what
 * choosing one does (its own address), as a feature never imports another's.
 */
import { Field } from '@ark-ui/react/field';
import { useEffect, useState } from 'react';
import type { ChallengeSummary } from '../../contract/challenges.ts';
import { messages } from '../../contract/messages.ts';
import { showFailure } from './show-failure.ts';

export function ChallengeSelect({
  token,
  challengeId,
  list,
  onChoose,
  className,
}: {
  token: string;
  challengeId?: string | undefined;
  /** The challenges, as the view's API module lists them. */
  list: (token: string) => Promise<ChallengeSummary[]>;
  /** The chosen challenge's id, or undefined for "choose a challenge". */
  onChoose: (challengeId: string | undefined) => void;
  className: string;
}) {
  const [challenges, setChallenges] = useState<ChallengeSummary[] | null>(null);

  useEffect(() => {
    let live = true;
    list(token).then(
      (found) => live && setChallenges(found),
      (error: unknown) => showFailure(error),
    );
    return () => {
      live = false;
    };
  }, [list, token]);

  const known = challenges?.some((c) => c.challengeId === challengeId) ?? false;
  return (
    <Field.Root className={`field ${className}`}>
      <Field.Label className="field__label">{messages.resultsChallengeLabel}</Field.Label>
      <Field.Select
        className="field__input field__select"
        name="challengeId"
        value={challengeId ?? ''}
        onChange={(event) => onChoose(event.target.value || undefined)}
      >
        <option value="">{messages.resultsChooseChallenge}</option>
        {/* A challenge named in the address but not (or not yet) in the list stays chosen. */}
        {challengeId && !known ? <option value={challengeId}>{challengeId}</option> : null}
        {(challenges ?? []).map((c) => (
          <option key={c.challengeId} value={c.challengeId}>
            {c.challengeId} — {c.challengeName}
          </option>
        ))}
      </Field.Select>
    </Field.Root>
  );
}
