/**
 * A student's notices on their page (issue 32 item 5): this computer's copy at once, the server's
 * list as soon as it answers, and again whenever the page's timer long poll hears another cursor
 * (lib/notices-cursor.ts), the network comes back, or a read failed (retried a little later).
 * Offline, the copy stays on screen. `markSeen` records that the student looked.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StudentNotices } from '../../../contract/notices.ts';
import type { NoticesCursor } from '../../lib/notices-cursor.ts';
import { readCachedNotices, writeCachedNotices } from './notice-cache.ts';

const RETRY_MS = 10_000;

export type StudentNoticesState = {
  notices: StudentNotices | null;
  /** The highest notice id the student has looked at. */
  seen: number;
  /** The last read failed: what is shown is this computer's copy. */
  offline: boolean;
};

type Options = {
  cacheKey: string;
  load: (signal: AbortSignal) => Promise<StudentNotices>;
  cursor: NoticesCursor;
};

export function useStudentNotices({ cacheKey, load, cursor }: Options) {
  const [state, setState] = useState<StudentNoticesState>({
    notices: null,
    seen: 0,
    offline: false,
  });
  const refreshRef = useRef<() => void>(() => undefined);
  const seenRef = useRef(0);

  useEffect(() => {
    let live = true;
    const controller = new AbortController();
    let shownCursor = -1;
    let loading = false;
    let again = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    /** `fromServer`: just read, so not offline; else this computer's copy, offline as it was. */
    const show = (notices: StudentNotices, fromServer: boolean) => {
      shownCursor = notices.cursor;
      cursor.shown(notices.cursor);
      setState((previous) => ({
        ...previous,
        notices,
        offline: fromServer ? false : previous.offline,
      }));
    };

    async function refresh(): Promise<void> {
      if (loading) {
        again = true;
        return;
      }
      clearTimeout(retry);
      loading = true;
      try {
        const notices = await load(controller.signal);
        if (!live) return;
        show(notices, true);
        void writeCachedNotices(cacheKey, { notices, seen: seenRef.current });
      } catch {
        if (!live) return;
        setState((previous) => ({ ...previous, offline: true }));
        retry = setTimeout(() => void refresh(), RETRY_MS);
      } finally {
        loading = false;
        if (again && live) {
          again = false;
          void refresh();
        }
      }
    }
    refreshRef.current = () => void refresh();

    void readCachedNotices(cacheKey).then((cached) => {
      if (!live || !cached) return;
      seenRef.current = Math.max(seenRef.current, cached.seen);
      setState((previous) => ({ ...previous, seen: seenRef.current }));
      // The server's list may have come first: it is the newer one.
      if (shownCursor < 0) show(cached.notices, false);
    });
    void refresh();
    const unsubscribe = cursor.subscribe(() => {
      if (cursor.latestHeard() !== shownCursor) void refresh();
    });
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => {
      live = false;
      controller.abort();
      clearTimeout(retry);
      unsubscribe();
      window.removeEventListener('online', onOnline);
    };
  }, [cacheKey, load, cursor]);

  const markSeen = useCallback(
    (upTo: number) => {
      if (upTo <= seenRef.current) return;
      seenRef.current = upTo;
      setState((previous) => {
        if (previous.notices)
          void writeCachedNotices(cacheKey, { notices: previous.notices, seen: upTo });
        return { ...previous, seen: upTo };
      });
    },
    [cacheKey],
  );

  const refresh = useCallback(() => refreshRef.current(), []);
  return { ...state, markSeen, refresh };
}
