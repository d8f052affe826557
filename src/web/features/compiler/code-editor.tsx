/** The editor: a CodeMirror view created once per challenge, reporting every change. */
import { EditorView } from '@codemirror/view';
import { useEffect, useId, useRef } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { JudgeLanguage } from '../../../contract/verdicts.ts';
import { editorExtensions } from './editor-setup.ts';

type Props = {
  language: JudgeLanguage;
  initialCode: string;
  onChange: (code: string) => void;
  onRun: () => void;
};

export function CodeEditor({ language, initialCode, onChange, onRun }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const hintId = useId();
  // The view lives outside React's state: keep the latest callbacks without recreating it.
  const callbacks = useRef({ onChange, onRun });
  useEffect(() => {
    callbacks.current = { onChange, onRun };
  }, [onChange, onRun]);

  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      doc: initialCode,
      parent: host.current,
      extensions: editorExtensions({
        language,
        label: messages.editorLabel.replace('{language}', language),
        describedBy: hintId,
        onChange: (code) => callbacks.current.onChange(code),
        onRun: () => callbacks.current.onRun(),
      }),
    });
    return () => view.destroy();
    // initialCode only seeds a new view; later text lives in the view itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, hintId]);

  return (
    <div className="code-editor">
      <div ref={host} className="code-editor__host" data-testid="code-editor" />
      <p id={hintId} className="code-editor__hint muted">
        {messages.editorHint}
      </p>
    </div>
  );
}
