/**
 * One text of a test, its input or its expected output: typed in a text box or, for a hidden
 * test, loaded from a file (big test data, test-data.ts). A chosen file is uploaded at once, with
 * its progress; the server's answer (its reference) then replaces the text box with a card: the
 * file's name and size, Download, and a way back to the text box. Samples are shown to students,
 * so they stay text: a test made a sample while it holds a file keeps the card, with the server's
 * reason as an alert, until the teacher goes back to the text box or hides the test again.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { messages } from '../../../contract/messages.ts';
import { formatBytes } from '../../../contract/test-data.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import type { TestDataFile } from './challenge-form-values.ts';
import { downloadTestData, uploadTestData } from './test-data-api.ts';

type Props = {
  /** The text box's label: 'Input (stdin)' or 'Expected output'. */
  label: string;
  /** Which test and field the file controls act on ("Test 2's input"), for their names. */
  owner: string;
  /** The saved file's name when the upload's name is not known (after a reload). */
  downloadName: string;
  text: string;
  file: TestDataFile | undefined;
  /** Hidden tests only: a sample offers no file. */
  allowFile: boolean;
  token: string;
  onText: (text: string) => void;
  /** The stored file, or undefined for an empty text box again. Also called after an upload. */
  onFile: (file: TestDataFile | undefined) => void;
};

type Upload = { name: string; progress: number };

const errorText = (error: unknown) =>
  error instanceof Error && error.message !== '' ? error.message : messages.networkError;

export function TestDataField({
  label,
  owner,
  downloadName,
  text,
  file,
  allowFile,
  token,
  onText,
  onFile,
}: Props) {
  const ids = { label: useId(), progress: useId(), error: useId() };
  const [upload, setUpload] = useState<Upload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const download = useRef<HTMLButtonElement>(null);
  // Where focus goes once the card or the text box has replaced the control that had it.
  const focusNext = useRef<'card' | 'text' | null>(null);
  // An upload still running when the test is removed is cancelled, not applied.
  const unmounted = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    unmounted.current = controller;
    return () => controller.abort();
  }, []);

  const hasFile = file !== undefined;
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'card') {
      // The upload ends later: take focus only if it was left with the control that went away.
      const active = document.activeElement;
      if (active === null || active === document.body || container.current?.contains(active))
        download.current?.focus();
    } else if (target === 'text') {
      container.current?.querySelector('textarea')?.focus();
    }
  }, [hasFile]);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // Cleared, so choosing the same file again after a failure still reports a change.
    event.target.value = '';
    if (!chosen) return;
    const signal = unmounted.current?.signal;
    setError(null);
    setUpload({ name: chosen.name, progress: 0 });
    try {
      const stored = await uploadTestData(
        chosen,
        token,
        (progress) => setUpload({ name: chosen.name, progress }),
        signal,
      );
      if (signal?.aborted) return;
      focusNext.current = 'card';
      onFile({ ...stored, name: chosen.name });
    } catch (failure) {
      if (!signal?.aborted) setError(errorText(failure));
    } finally {
      if (!signal?.aborted) setUpload(null);
    }
  }

  async function onDownload(stored: TestDataFile) {
    setDownloading(true);
    try {
      await downloadTestData(stored.sha256, stored.name ?? downloadName, token);
    } catch (failure) {
      showFailure(failure);
    } finally {
      setDownloading(false);
    }
  }

  if (file) {
    return (
      <div className="field test-data" ref={container}>
        <span className="field__label" id={ids.label}>
          {label}
        </span>
        <div
          className="test-data__card"
          role="group"
          aria-labelledby={ids.label}
          aria-describedby={allowFile ? undefined : ids.error}
        >
          <p className="test-data__file">
            <span className="test-data__name">{file.name ?? messages.testDataStored}</span>,{' '}
            <span className="test-data__size">{formatBytes(file.size)}</span>
          </p>
          <div className="test-data__actions">
            <button
              ref={download}
              type="button"
              className="button button--secondary button--small"
              aria-label={`${messages.testDataDownload}: ${owner}`}
              aria-busy={downloading}
              disabled={downloading}
              onClick={() => void onDownload(file)}
            >
              {messages.testDataDownload}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={`${messages.testDataRemove}: ${owner}`}
              onClick={() => {
                focusNext.current = 'text';
                onFile(undefined);
              }}
            >
              {messages.testDataRemove}
            </button>
          </div>
        </div>
        {allowFile ? null : (
          <p id={ids.error} className="test-data__error" role="alert">
            {messages.sampleFromFile}
          </p>
        )}
      </div>
    );
  }

  const uploading = upload !== null;
  const percent = upload ? Math.round(upload.progress * 100) : 0;
  return (
    <div className="test-data" ref={container}>
      <TextAreaField
        code
        rows={3}
        label={label}
        value={text}
        // About to be replaced by the file: typing now would be lost.
        readOnly={uploading}
        onChange={(e) => onText(e.target.value)}
      />
      {allowFile ? (
        <div className="test-data__load">
          <label className="button button--secondary button--small test-data__pick">
            <input
              type="file"
              className="visually-hidden"
              aria-label={`${messages.testDataFileLabel}: ${owner}`}
              aria-describedby={error ? ids.error : undefined}
              disabled={uploading}
              onChange={(event) => void onChoose(event)}
            />
            {messages.testDataFileLabel}
          </label>
          <div className="test-data__status" role="status" aria-live="polite">
            {upload ? (
              <>
                <label htmlFor={ids.progress}>
                  {messages.testDataUploading.replace('{name}', upload.name)}
                </label>
                <progress id={ids.progress} max={100} value={percent}>
                  {percent}%
                </progress>
              </>
            ) : null}
          </div>
          {error ? (
            <p id={ids.error} className="test-data__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
