/** The add-challenge form (`/adminDash?view=add-challenge`): 'Challenge created' on success. */
import { useState, type FormEvent } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { StatementView } from '../../ui/statement-view.ts';
import { showError, showSuccess } from '../../ui/toast.ts';
import { CourseSelect } from '../../ui/course-select.tsx';
import { showFailure } from '../../ui/show-failure.ts';
import { ChallengeFields } from './challenge-fields.tsx';
import {
  checkChallengeValues,
  emptyChallengeValues,
  toChallengeInput,
} from './challenge-form-values.ts';
import { addChallenge, knownTimeZone } from './challenges-api.ts';
import { useChallengeImages } from './use-challenge-images.ts';
import './challenges.css';

export function AddChallengeView({
  token,
  statementView,
  onCreated,
}: {
  token: string;
  statementView: StatementView;
  onCreated?: (challengeId: string) => void;
}) {
  const [values, setValues] = useState(emptyChallengeValues);
  const [busy, setBusy] = useState(false);
  // The new challenge's course, when the member has several to choose from (issue 33).
  const [courseId, setCourseId] = useState('');
  const images = useChallengeImages(token, undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = checkChallengeValues(values);
    if (problem) {
      showError(problem);
      return;
    }
    setBusy(true);
    try {
      const input = toChallengeInput(values);
      const created = await addChallenge(token, courseId === '' ? input : { ...input, courseId });
      // The images chosen while the challenge did not exist go to it now.
      const failed = await images.uploadTo(created.challengeId);
      showSuccess(messages.challengeCreated);
      for (const { name, reason } of failed)
        showError(messages.imagesUploadFailed.replace('{name}', name).replace('{reason}', reason));
      setValues(emptyChallengeValues());
      images.clear();
      onCreated?.(created.challengeId);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="add-challenge-heading" className="dash-section">
      <h2 id="add-challenge-heading" className="dash-section__title">
        {messages.addChallenge}
      </h2>
      <form className="form challenge-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <CourseSelect token={token} value={courseId} onChange={setCourseId} disabled={busy} />
        <ChallengeFields
          values={values}
          onChange={setValues}
          token={token}
          timeZone={knownTimeZone()}
          statementView={statementView}
          images={images}
        />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? messages.working : messages.createChallenge}
          </button>
        </div>
      </form>
    </section>
  );
}
