/**
 * The dashboard's 'Excel upload' view (spec §2, §5, §8): choose an .xlsx, .xls or .csv file, see
 * a preview of what the server will accept, upload it with a progress bar and read the result.
 * Self-contained: the dashboard mounts it with the admin's token.
 */
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { messages } from '../../../contract/messages.ts';
import {
  ROSTER_ACCEPT,
  type RosterTemplateFormat,
  type RosterUploadResult,
} from '../../../contract/roster.ts';
import { CourseSelect } from '../../ui/course-select.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { downloadTemplate, uploadRoster } from './roster-api.ts';
import { previewRoster, type RosterPreview } from './preview-roster.ts';
import { RosterPreviewView } from './roster-preview.tsx';
import { UploadResult } from './upload-result.tsx';
import './roster-upload.css';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function RosterUploadPanel({ token }: { token: string }) {
  const ids = { file: useId(), progress: useId(), title: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<RosterPreview | 'reading' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<RosterUploadResult | null>(null);
  // The course the students join, when the member has several to choose from (issue 33).
  const [courseId, setCourseId] = useState('');
  // A newer choice makes an older preview still being read irrelevant.
  const choice = useRef(0);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const mine = ++choice.current;
    setFile(chosen);
    setResult(null);
    setPreview(chosen ? 'reading' : null);
    if (!chosen) return;
    const found = await previewRoster(chosen).catch((error: unknown): RosterPreview => ({
      kind: 'problem',
      message: messages.rosterPreviewFailed.replace('{reason}', errorText(error)),
    }));
    if (choice.current === mine) setPreview(found);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      showError(messages.selectFile);
      return;
    }
    setResult(null);
    setProgress(0);
    try {
      const answer = await uploadRoster(file, token, setProgress, courseId);
      setResult(answer);
      if (answer.inserted + answer.updated > 0) showSuccess(messages.userFileAdded);
      else showError(messages.rosterNothingAdded);
    } catch (error) {
      showFailure(error);
    } finally {
      setProgress(null);
    }
  }

  async function onTemplate(format: RosterTemplateFormat) {
    try {
      await downloadTemplate(token, format);
    } catch (error) {
      showFailure(error);
    }
  }

  const uploading = progress !== null;
  return (
    <section className="card roster" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="card__title">
        {messages.rosterUploadTitle}
      </h2>
      <p className="muted">{messages.rosterUploadIntro}</p>
      <form className="form roster__form" noValidate onSubmit={onSubmit}>
        <CourseSelect token={token} value={courseId} onChange={setCourseId} disabled={uploading} />
        <div className="field">
          <label className="field__label" htmlFor={ids.file}>
            {messages.rosterFileLabel}
          </label>
          <input
            id={ids.file}
            className="field__input roster__file"
            type="file"
            name="file"
            accept={ROSTER_ACCEPT}
            disabled={uploading}
            onChange={(event) => void onChoose(event)}
          />
        </div>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={uploading}>
            {messages.uploadFile}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void onTemplate('csv')}
          >
            {messages.downloadTemplate}
          </button>
          {/* The same header row as a workbook, for the menu item called "Excel upload". */}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void onTemplate('xlsx')}
          >
            {messages.downloadTemplateXlsx}
          </button>
        </div>
        {uploading ? (
          <div className="roster__progress">
            <label htmlFor={ids.progress}>{messages.uploadProgressLabel}</label>
            <progress id={ids.progress} max={100} value={Math.round(progress * 100)}>
              {Math.round(progress * 100)}%
            </progress>
          </div>
        ) : null}
      </form>
      {preview && !result ? <RosterPreviewView preview={preview} /> : null}
      {result ? <UploadResult result={result} /> : null}
    </section>
  );
}
