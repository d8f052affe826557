/**
 * CodeMirror 6 configured for the test: the challenge's language, colours from the page's CSS
 * custom properties (so light and dark mode keep their contrast), Tab indents (Esc then Tab leaves
 * the editor, CodeMirror's escape hatch for keyboard users), Ctrl/Cmd+Enter runs.
 * It lives in ui/ because two features show code: the compiler page edits it, the teacher's
 * Results view reads it. Both import it lazily, so CodeMirror stays one chunk loaded on demand.
 */
import { indentWithTab } from '@codemirror/commands';
import { cpp } from '@codemirror/lang-cpp';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { basicSetup } from 'codemirror';
import type { JudgeLanguage } from '../../contract/verdicts.ts';
import './code-colors.css';

const languageSupport: Record<JudgeLanguage, () => Extension> = {
  javascript: () => javascript(),
  python: () => python(),
  java: () => java(),
  // One grammar for both: the C++ parser reads C too (declarations, macros, pointers).
  c: () => cpp(),
  cpp: () => cpp(),
};

const highlight = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword],
    color: 'var(--code-keyword)',
  },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--code-string)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--code-number)' },
  {
    tag: [tags.comment, tags.lineComment, tags.blockComment],
    color: 'var(--code-comment)',
    fontStyle: 'italic',
  },
  {
    tag: [tags.function(tags.variableName), tags.function(tags.propertyName)],
    color: 'var(--code-function)',
  },
  { tag: [tags.typeName, tags.className], color: 'var(--code-type)' },
]);

const theme = EditorView.theme({
  '&': {
    color: 'var(--color-text)',
    backgroundColor: 'var(--color-surface)',
    fontSize: '0.95rem',
    height: '100%',
  },
  '.cm-content': { fontFamily: 'var(--font-mono)', caretColor: 'var(--color-text)' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)' },
  '&.cm-focused': { outline: '3px solid var(--color-focus)', outlineOffset: '-3px' },
  '.cm-gutters': {
    backgroundColor: 'var(--color-surface-sunken)',
    color: 'var(--color-text-muted)',
    borderRight: '1px solid var(--color-border)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--code-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--code-active-line)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--code-selection) !important',
  },
  '.cm-cursor': { borderLeftColor: 'var(--color-text)' },
});

export function editorExtensions(options: {
  language: JudgeLanguage;
  label: string;
  describedBy: string;
  onChange: (code: string) => void;
  onRun: () => void;
}): Extension[] {
  return [
    basicSetup,
    languageSupport[options.language](),
    syntaxHighlighting(highlight),
    theme,
    keymap.of([indentWithTab]),
    Prec.highest(
      keymap.of([
        {
          key: 'Mod-Enter',
          run: () => {
            options.onRun();
            return true;
          },
        },
      ]),
    ),
    EditorView.contentAttributes.of({
      'aria-label': options.label,
      'aria-describedby': options.describedBy,
    }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) options.onChange(update.state.doc.toString());
    }),
  ];
}

/**
 * A read-only view of submitted code (the teacher's drill-down). The text stays focusable and
 * selectable, so a keyboard user can move through it and copy from it.
 */
export function readOnlyExtensions(options: {
  language: JudgeLanguage;
  label: string;
}): Extension[] {
  return [
    basicSetup,
    languageSupport[options.language](),
    syntaxHighlighting(highlight),
    theme,
    EditorState.readOnly.of(true),
    EditorView.contentAttributes.of({ 'aria-label': options.label, 'aria-readonly': 'true' }),
  ];
}
