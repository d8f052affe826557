/**
 * Gradebook downloads (issue 34 item 6), beside the other exports of a challenge or an exam: the
 * final grades of everyone on the roster (of the chosen section) in Moodle's or Canvas's import
 * layout (contract/gradebook.ts; docs/teacher-guide.md says how to import each). Fetched with the
 * admin's token like the other files; a failure becomes the error toast.
 */
import { useId, useState } from 'react';
import { gradebookLabels, type GradebookFormat } from '../../../contract/gradebook.ts';
import { messages } from '../../../contract/messages.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { downloadGradebook } from './results-api.ts';

type Props = {
  token: string;
  what: { challengeId: string } | { examCode: string };
  sectionId: string | undefined;
};

export function GradebookButtons({ token, what, sectionId }: Props) {
  const [busy, setBusy] = useState<GradebookFormat | null>(null);
  const id = useId();

  async function download(format: GradebookFormat) {
    if (busy) return;
    setBusy(format);
    try {
      await downloadGradebook(token, what, format, sectionId);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="results-export__row" role="group" aria-labelledby={`${id}-what`}>
      <span id={`${id}-what`} className="results-export__what">
        {gradebookLabels.what}
      </span>
      {(['moodle', 'canvas'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="button button--secondary results-export__button"
          aria-disabled={busy !== null}
          aria-describedby={`${id}-${format}-hint`}
          onClick={() => void download(format)}
        >
          {busy === format ? messages.downloading : gradebookLabels[format]}
        </button>
      ))}
      <span id={`${id}-moodle-hint`} className="visually-hidden">
        {gradebookLabels.moodleHint}
      </span>
      <span id={`${id}-canvas-hint`} className="visually-hidden">
        {gradebookLabels.canvasHint}
      </span>
    </div>
  );
}
