/**
 * The editor's side of exam integrity (issue 17), as a CodeMirror extension: it remembers what
 * the student copies or cuts in the editor and judges each paste or drop of text (paste-rules.ts).
 * Text from outside the editor is refused when the teacher disabled paste; every outside paste
 * is reported, blocked or not, and the page decides what to record. Typing is never touched.
 */
import type { Extension } from '@codemirror/state';
import { EditorView, ViewPlugin } from '@codemirror/view';
import { decidePaste, type CopyMemory, type PasteDecision } from './paste-rules.ts';

export type PasteGuardOptions = {
  memory: CopyMemory;
  /** Read at each paste: the setting may arrive after the editor is made. */
  disablePaste: () => boolean;
  onPaste: (decision: PasteDecision) => void;
};

/** The selection as CodeMirror copies it: the ranges, or the cursors' whole lines when empty. */
function selectedText(view: EditorView): string {
  const { state } = view;
  const ranges = state.selection.ranges.filter((r) => !r.empty);
  if (ranges.length > 0)
    return ranges.map((r) => state.sliceDoc(r.from, r.to)).join(state.lineBreak);
  return state.selection.ranges
    .map((r) => state.doc.lineAt(r.head).text + state.lineBreak)
    .join('');
}

export function pasteGuard(options: PasteGuardOptions): Extension {
  let draggingFromEditor = false;
  const judge = (event: Event, text: string): boolean => {
    const decision = decidePaste(text, options.memory, options.disablePaste());
    options.onPaste(decision);
    if (decision.kind === 'outside' && decision.blocked) {
      event.preventDefault();
      return true;
    }
    return false;
  };
  // Copies are read where they bubble out of the editor, after CodeMirror's own handler has put
  // its text on the clipboard: that exact text is remembered (and the selection, in case).
  const copyWatcher = ViewPlugin.define((view) => {
    const onCopy = (event: ClipboardEvent) => {
      options.memory.remember(selectedText(view));
      const put = event.clipboardData?.getData('text/plain');
      if (put) options.memory.remember(put);
    };
    view.dom.addEventListener('copy', onCopy);
    view.dom.addEventListener('cut', onCopy);
    return {
      destroy() {
        view.dom.removeEventListener('copy', onCopy);
        view.dom.removeEventListener('cut', onCopy);
      },
    };
  });
  return [
    copyWatcher,
    EditorView.domEventHandlers({
      paste: (event) => judge(event, event.clipboardData?.getData('text/plain') ?? ''),
      dragstart: () => {
        draggingFromEditor = true;
        return false;
      },
      dragend: () => {
        draggingFromEditor = false;
        return false;
      },
      drop: (event) => {
        // Moving text within the editor is editing, not a paste.
        if (draggingFromEditor) return false;
        return judge(event, event.dataTransfer?.getData('text/plain') ?? '');
      },
    }),
  ];
}
