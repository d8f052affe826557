/** Which challenge the Similarity view compares: a labelled select of every challenge. */
import { Field } from '@ark-ui/react/field';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ChallengeSummary } from '../../../contract/challenges.ts';
import { messages } from '../../../contract/messages.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { listChallenges } from './similarity-api.ts';

export function ChallengeSelect({ token, challengeId }: { token: string; challengeId?: string }) {
  const [challenges, setChallenges] = useState<ChallengeSummary[] | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    listChallenges(token).then(
      (list) => live && setChallenges(list),
      (error: unknown) => showFailure(error),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const known = challenges?.some((c) => c.challengeId === challengeId) ?? false;
  return (
    <Field.Root className="field similarity__picker">
      <Field.Label className="field__label">{messages.resultsChallengeLabel}</Field.Label>
      <Field.Select
        className="field__input field__select"
        name="challengeId"
        value={challengeId ?? ''}
        onChange={(event) =>
          void navigate({
            to: '/adminDash',
            search: { view: 'similarity', challengeId: event.target.value || undefined },
          })
        }
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
