/**
 * The notices cursor shared by a student's page and its notices panel (issue 32 item 5,
 * contract/notices.ts). The page owns the one timer long poll: it sends `known()` as
 * `knownNotices` and reports what the server answered with `heard()`. The panel reads the list
 * when the heard cursor is not the one it shows, and reports the list it shows with `shown()`.
 * `known()` is the latest of the two, so the next poll waits instead of answering at once again.
 */
export type NoticesCursor = {
  /** What the page's timer poll sends as `knownNotices`. */
  known(): number;
  /** The server's cursor, from a timer answer (undefined: an older server, nothing to do). */
  heard(cursor: number | undefined): void;
  /** The panel shows a list with this cursor. */
  shown(cursor: number): void;
  /** The latest cursor the server reported, or undefined before the first answer. */
  latestHeard(): number | undefined;
  /** Called after a `heard` of a value that is new or not the list shown. */
  subscribe(listener: () => void): () => void;
};

export function createNoticesCursor(): NoticesCursor {
  let known = 0;
  let heard: number | undefined;
  let shown: number | undefined;
  const listeners = new Set<() => void>();
  return {
    known: () => known,
    heard(cursor) {
      if (cursor === undefined) return;
      known = cursor;
      // Told again while the list shown is another (a read that crossed a newer notice).
      if (cursor === heard && cursor === shown) return;
      heard = cursor;
      listeners.forEach((listener) => listener());
    },
    shown(cursor) {
      known = cursor;
      shown = cursor;
    },
    latestHeard: () => heard,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
