/**
 * When students see the results of the chosen challenge or exam (issue 34 item 5): the rule
 * (at once, when the window ends, or when staff press Release) and the Release button, with the
 * state in words. A small panel on the Results page, beside the table it is about.
 */
import { useEffect, useState } from 'react';
import {
  RELEASE_MODES,
  releaseMessages,
  type ReleaseMode,
  type ReleaseState,
  type ReleaseTarget,
} from '../../../contract/result-release.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { showSuccess } from '../../ui/toast.ts';
import { dateTime } from './format.ts';
import { fetchRelease, releaseNow, saveReleaseMode } from './grading-api.ts';

const modeLabels: Record<ReleaseMode, string> = {
  immediate: releaseMessages.modeImmediate,
  after_end: releaseMessages.modeAfterEnd,
  manual: releaseMessages.modeManual,
};

function stateText(state: ReleaseState): string {
  if (state.released)
    return state.releasedAt
      ? `${releaseMessages.stateReleased} ${releaseMessages.stateReleasedAt.replace('{time}', dateTime(state.releasedAt))}`
      : releaseMessages.stateReleased;
  return state.mode === 'after_end'
    ? `${releaseMessages.stateWithheld} ${releaseMessages.stateAfterEnd.replace('{time}', dateTime(state.endsAt))}`
    : releaseMessages.stateWithheld;
}

export function ReleasePanel({ token, target }: { token: string; target: ReleaseTarget }) {
  const [state, setState] = useState<ReleaseState>();
  const [mode, setMode] = useState<ReleaseMode>('immediate');
  const [busy, setBusy] = useState(false);
  const key = target.kind === 'challenge' ? target.challengeId : target.examCode;

  useEffect(() => {
    const controller = new AbortController();
    fetchRelease(token, target).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setState(answer);
        setMode(answer.mode);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) showFailure(error);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names the target
  }, [token, key]);

  async function act(call: () => Promise<ReleaseState>, done: string) {
    setBusy(true);
    try {
      const answer = await call();
      setState(answer);
      setMode(answer.mode);
      showSuccess(done);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const selectId = `release-mode-${key}`;
  return (
    <section
      className="release-panel"
      aria-labelledby={`${selectId}-heading`}
      data-testid="release-panel"
    >
      <h3 id={`${selectId}-heading`} className="release-panel__title">
        {releaseMessages.panelHeading}
      </h3>
      <div className="release-panel__row">
        <label className="field release-panel__field" htmlFor={selectId}>
          <span className="field__label">{releaseMessages.modeLabel}</span>
          <select
            id={selectId}
            className="field__input field__select"
            value={mode}
            disabled={!state || busy}
            onChange={(event) => {
              const chosen = RELEASE_MODES.find((m) => m === event.target.value);
              if (chosen) setMode(chosen);
            }}
          >
            {RELEASE_MODES.map((m) => (
              <option key={m} value={m}>
                {modeLabels[m]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--secondary"
          disabled={!state || busy || mode === state.mode}
          onClick={() =>
            void act(() => saveReleaseMode(token, target, mode), releaseMessages.modeSaved)
          }
        >
          {releaseMessages.saveMode}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!state || busy || state.released}
          onClick={() => void act(() => releaseNow(token, target), releaseMessages.released)}
        >
          {releaseMessages.release}
        </button>
      </div>
      <p className="release-panel__state" role="status" data-testid="release-state">
        {state ? stateText(state) : ''}
      </p>
    </section>
  );
}
