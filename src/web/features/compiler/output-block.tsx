import { messages } from '../../../contract/messages.ts';

/** A labelled block of program text (input, output, errors); empty text says so. */
export function OutputBlock({
  label,
  text,
  tone,
}: {
  label: string;
  text: string;
  tone?: 'error';
}) {
  return (
    <div className="output-block">
      <p className="output-block__label">{label}</p>
      <pre
        className={
          tone === 'error' ? 'output-block__text output-block__text--error' : 'output-block__text'
        }
      >
        {text === '' ? <span className="muted">{messages.emptyOutput}</span> : text}
      </pre>
    </div>
  );
}
