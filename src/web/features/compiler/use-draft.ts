/**
 * The editor's text, saved as the student types (debounced) and restored when the page opens
 * again. A pending save is written at once when the page is hidden or closed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadDraft, saveDraft } from './draft-store.ts';

const SAVE_DELAY_MS = 400;

export type DraftState = {
  /** The text to open the editor with; undefined while the stored draft is being read. */
  initialCode: string | undefined;
  restored: boolean;
  saved: boolean;
  /** The latest text, including keystrokes not yet saved. */
  current: () => string;
  onChange: (code: string) => void;
};

/**
 * `scope` names the draft: a problem's scope (lib/problem-scope.ts), or its scope and a language
 * (use-language-choice.ts). When it changes, the other draft is read and `initialCode` is
 * undefined until it is.
 */
export function useDraft(owner: string, scope: string, starterCode: string): DraftState {
  // Tagged with the draft it was read for, so a switch never shows one draft under another's name.
  const [loaded, setLoaded] = useState<{ scope: string; code: string }>();
  const loadedFor = `${owner}:${scope}`;
  const initialCode = loaded?.scope === loadedFor ? loaded.code : undefined;
  const [restored, setRestored] = useState(false);
  const [saved, setSaved] = useState(false);
  const latest = useRef(starterCode);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void loadDraft(owner, scope).then((draft) => {
      if (!live) return;
      latest.current = draft?.code ?? starterCode;
      setRestored(draft !== undefined && draft.code !== starterCode);
      setLoaded({ scope: `${owner}:${scope}`, code: latest.current });
    });
    return () => {
      live = false;
    };
  }, [owner, scope, starterCode]);

  const flush = useCallback(() => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    void saveDraft(owner, scope, latest.current).then(() => setSaved(true));
  }, [owner, scope]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
      flush();
    };
  }, [flush]);

  const onChange = useCallback(
    (code: string) => {
      latest.current = code;
      setSaved(false);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  const current = useCallback(() => latest.current, []);
  return { initialCode, restored, saved, current, onChange };
}
