/**
 * The edit-challenge form (`/adminDash?view=edit-challenge[&challengeId=X]`), with the spec's
 * rules (§4, §5): Load needs an id ('Provide a Challenge Id'); Update clears the loaded details
 * and keeps the updated challenge; Delete works only with an id and loaded details ('Challenge
 * Details not founds'), asks first, then clears the details ('Challenged deleted succesfully').
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Challenge } from '../../../contract/challenges.ts';
import { messages } from '../../../contract/messages.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { StatementView } from '../../ui/statement-view.ts';
import { TextField } from '../../ui/text-field.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { ChallengeFields } from './challenge-fields.tsx';
import {
  checkChallengeValues,
  toChallengeInput,
  valuesFromChallenge,
  type ChallengeFormValues,
} from './challenge-form-values.ts';
import { deleteChallenge, getChallenge, knownTimeZone, updateChallenge } from './challenges-api.ts';
import { useChallengeImages } from './use-challenge-images.ts';
import './challenges.css';

export function EditChallengeView({
  token,
  statementView,
  initialId = '',
}: {
  token: string;
  statementView: StatementView;
  initialId?: string;
}) {
  const [challengeId, setChallengeId] = useState(initialId);
  const [details, setDetails] = useState<ChallengeFormValues | null>(null);
  const [updated, setUpdated] = useState<Challenge | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The loaded challenge's images, saved as they are added or removed (the id field may be
  // retyped meanwhile: the images stay those of what was loaded).
  const images = useChallengeImages(token, details?.challengeId);

  async function load(id: string) {
    const trimmed = id.trim();
    if (trimmed === '') {
      showError(messages.provideChallengeId);
      return;
    }
    setBusy(true);
    try {
      setDetails(valuesFromChallenge(await getChallenge(token, trimmed)));
      setChallengeId(trimmed);
    } catch (error) {
      setDetails(null);
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  // Opened from a challenge link in Home: load it once.
  const autoLoaded = useRef(false);
  useEffect(() => {
    if (autoLoaded.current || initialId.trim() === '') return;
    autoLoaded.current = true;
    void load(initialId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the id the page opened with
  }, []);

  async function onUpdate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!details || busy) return;
    const problem = checkChallengeValues(details);
    if (problem) {
      showError(problem);
      return;
    }
    setBusy(true);
    try {
      setUpdated(await updateChallenge(token, toChallengeInput(details)));
      setDetails(null);
      showSuccess(messages.challengeUpdated);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  function onDeleteClick() {
    if (challengeId.trim() === '' || !details) {
      showError(messages.challengeDetailsNotFound);
      return;
    }
    setConfirming(true);
  }

  async function onConfirmDelete() {
    setConfirming(false);
    setBusy(true);
    try {
      await deleteChallenge(token, challengeId.trim());
      setDetails(null);
      setUpdated(null);
      showSuccess(messages.challengeDeleted);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const canDelete = challengeId.trim() !== '' && details !== null;

  return (
    <section aria-labelledby="edit-challenge-heading" className="dash-section">
      <h2 id="edit-challenge-heading" className="dash-section__title">
        {messages.editChallenge}
      </h2>
      <form
        className="load-row"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void load(challengeId);
        }}
      >
        <TextField
          label={messages.challengeIdLabel}
          name="loadChallengeId"
          value={challengeId}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(event) => setChallengeId(event.target.value)}
        />
        <div className="actions">
          <button type="submit" className="button button--secondary" disabled={busy}>
            {messages.loadChallenge}
          </button>
          <button
            type="button"
            className="button button--danger"
            aria-disabled={!canDelete}
            onClick={onDeleteClick}
          >
            {messages.deleteChallenge}
          </button>
        </div>
      </form>

      {updated && !details ? (
        <p className="notice" role="status">
          {messages.lastUpdated}: <strong>{updated.challengeName}</strong> ({updated.challengeId})
        </p>
      ) : null}

      {details ? (
        <form
          className="form challenge-form"
          noValidate
          onSubmit={onUpdate}
          aria-busy={busy}
          aria-label={messages.loadedChallenge}
        >
          <ChallengeFields
            values={details}
            onChange={setDetails}
            idReadOnly
            token={token}
            timeZone={knownTimeZone()}
            statementView={statementView}
            images={images}
          />
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? messages.working : messages.updateChallenge}
            </button>
          </div>
        </form>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={messages.confirmDeleteChallengeTitle}
        confirmLabel={messages.confirmDelete}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setConfirming(false)}
      >
        <strong>{challengeId}</strong> — {messages.confirmDeleteChallengeText}
      </ConfirmDialog>
    </section>
  );
}
