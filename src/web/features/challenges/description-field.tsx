/**
 * The description (the spec's challengeDesc) with a preview of it as students will read it
 * (issue 31 item 4): Markdown, math and the challenge's images, through the same renderer as the
 * compiler page. "Show preview" is a disclosure button, so the text box keeps its place and
 * focus; the preview follows the typing a moment behind (useDeferredValue), so typing never waits
 * on the renderer.
 */
import { useDeferredValue, useId, useState, type ChangeEvent } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { LoadStatementImage, StatementView } from '../../ui/statement-view.ts';
import { TextAreaField } from '../../ui/text-area-field.tsx';

type Props = {
  value: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  statementView: StatementView;
  loadImage: LoadStatementImage;
};

export function DescriptionField({ value, onChange, statementView: Rendered, loadImage }: Props) {
  const [previewing, setPreviewing] = useState(false);
  const previewId = useId();
  const shown = useDeferredValue(value);
  return (
    <div className="description-field form-grid__wide">
      <TextAreaField
        required
        rows={5}
        label={messages.fieldChallengeDesc}
        name="challengeDesc"
        value={value}
        hint={messages.descriptionHint}
        onChange={onChange}
      />
      <div>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-expanded={previewing}
          aria-controls={previewId}
          onClick={() => setPreviewing((open) => !open)}
        >
          {previewing ? messages.descriptionPreviewHide : messages.descriptionPreviewShow}
        </button>
      </div>
      <section
        id={previewId}
        className="description-field__preview"
        aria-label={messages.descriptionPreviewLabel}
        data-testid="description-preview"
        hidden={!previewing}
      >
        {!previewing ? null : shown.trim() === '' ? (
          <p className="muted">{messages.descriptionPreviewEmpty}</p>
        ) : (
          <Rendered markdown={shown} loadImage={loadImage} />
        )}
      </section>
    </div>
  );
}
