/**
 * The images of the statement (issue 31 item 4): each with the Markdown that shows it, its size
 * and Remove; "Add images" takes several files at once. The images themselves live in
 * use-challenge-images.ts (the server's for a saved challenge, the browser's until a new one is
 * created).
 */
import { useId, type ChangeEvent } from 'react';
import {
  CHALLENGE_IMAGE_ACCEPT,
  CHALLENGE_IMAGE_MAX_BYTES,
  CHALLENGE_IMAGE_MAX_COUNT,
} from '../../../contract/challenge-images.ts';
import { messages } from '../../../contract/messages.ts';
import { formatBytes } from '../../../contract/test-data.ts';
import type { ChallengeImages } from './use-challenge-images.ts';

export function ChallengeImagesField({ images }: { images: ChallengeImages }) {
  const ids = { label: useId(), hint: useId() };
  const busy = images.uploading !== null;

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again (after removing it) still reports a change.
    event.target.value = '';
    void images.add(files);
  }

  return (
    <div
      className="challenge-images form-grid__wide"
      role="group"
      aria-labelledby={ids.label}
      aria-describedby={ids.hint}
      data-testid="challenge-images"
    >
      <span className="field__label" id={ids.label}>
        {messages.imagesLegend}
      </span>
      <p className="field__hint challenge-images__hint" id={ids.hint}>
        {messages.imagesHint
          .replace('{size}', formatBytes(CHALLENGE_IMAGE_MAX_BYTES))
          .replace('{count}', String(CHALLENGE_IMAGE_MAX_COUNT))}{' '}
        {images.saved ? messages.imagesHintSaved : messages.imagesHintPending}
      </p>
      {images.images.length === 0 ? (
        <p className="muted challenge-images__none">{messages.imagesNone}</p>
      ) : (
        <ul className="challenge-images__list">
          {images.images.map((row) => (
            <li key={row.name} className="challenge-images__row">
              <code
                className="challenge-images__markdown"
                aria-label={messages.imageMarkdownOf.replace('{name}', row.name)}
              >
                ![]({row.name})
              </code>
              <span className="challenge-images__size">{formatBytes(row.size)}</span>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={messages.imageRemoveNamed.replace('{name}', row.name)}
                onClick={() => void images.remove(row.name)}
              >
                {messages.imageRemove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="challenge-images__add">
        <label className="button button--secondary button--small test-data__pick">
          <input
            type="file"
            multiple
            accept={CHALLENGE_IMAGE_ACCEPT}
            className="visually-hidden"
            aria-describedby={ids.hint}
            disabled={busy}
            onChange={onChoose}
          />
          {messages.imagesAdd}
        </label>
        <span className="challenge-images__status" role="status" aria-live="polite">
          {images.uploading ? messages.imagesUploading.replace('{name}', images.uploading) : ''}
        </span>
      </div>
    </div>
  );
}
