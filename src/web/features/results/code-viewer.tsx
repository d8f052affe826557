/**
 * A submission's code, read only, in CodeMirror with the compiler page's setup. This module is
 * loaded lazily (React.lazy), so CodeMirror downloads only when a teacher opens the Code tab, as
 * the same chunk the compiler page uses.
 */
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { JudgeLanguage } from '../../../contract/verdicts.ts';
import { readOnlyExtensions } from '../../ui/editor-setup.ts';

type Props = { code: string; language: JudgeLanguage; label: string };

export default function CodeViewer({ code, language, label }: Props) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      doc: code,
      parent: host.current,
      extensions: readOnlyExtensions({ language, label }),
    });
    return () => view.destroy();
  }, [code, language, label]);

  return <div ref={host} className="code-viewer" data-testid="submission-code" />;
}
