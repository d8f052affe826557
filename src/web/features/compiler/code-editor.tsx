/** The editor: a CodeMirror view created once per challenge, reporting every change. */
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useId, useRef } from 'react';
import { messages } from '../../../contract/messages.ts';
import { LANGUAGE_LABELS, type JudgeLanguage } from '../../../contract/verdicts.ts';
import { editorExtensions } from '../../ui/editor-setup.ts';

/** Code to put in the editor in place of what is there (a submission loaded from the history). */
export type Replacement = { code: string; serial: number };

type Props = {
  language: JudgeLanguage;
  initialCode: string;
  onChange: (code: string) => void;
  onRun: () => void;
  replacement?: Replacement;
  /** More behaviour for the view (the paste guard of exam integrity), fixed for its life. */
  extensions?: Extension;
};

export function CodeEditor({
  language,
  initialCode,
  onChange,
  onRun,
  replacement,
  extensions = [],
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const hintId = useId();
  // The view lives outside React's state: keep the latest callbacks without recreating it.
  const callbacks = useRef({ onChange, onRun });
  useEffect(() => {
    callbacks.current = { onChange, onRun };
  }, [onChange, onRun]);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      doc: initialCode,
      parent: host.current,
      extensions: [
        editorExtensions({
          language,
          label: messages.editorLabel.replace('{language}', LANGUAGE_LABELS[language]),
          describedBy: hintId,
          onChange: (code) => callbacks.current.onChange(code),
          onRun: () => callbacks.current.onRun(),
        }),
        extensions,
      ],
    });
    view.current = editor;
    return () => {
      view.current = null;
      editor.destroy();
    };
    // initialCode only seeds a new view; later text lives in the view itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, hintId]);

  // A whole-document change, like typing: it lands in the undo history and in the draft.
  useEffect(() => {
    const editor = view.current;
    if (!replacement || !editor) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: replacement.code },
    });
    editor.focus();
  }, [replacement]);

  return (
    <div className="code-editor">
      <div ref={host} className="code-editor__host" data-testid="code-editor" />
      <p id={hintId} className="code-editor__hint muted">
        {messages.editorHint}
      </p>
    </div>
  );
}
