/**
 * Page-by-page walking of a keyset-paged table. The server gives each page a `nextCursor`; going
 * back needs the cursors of the pages before, so they are kept as a stack. Any change of sort or
 * filters (the `query` key) starts again from the first page, since a cursor belongs to one sort.
 */
import { useState } from 'react';

export type KeysetPages = {
  /** The cursor of the page shown; undefined for the first page. */
  cursor: string | undefined;
  /** 0 for the first page. */
  index: number;
  next: (nextCursor: string) => void;
  previous: () => void;
};

export function useKeysetPages(query: string): KeysetPages {
  const [state, setState] = useState<{ query: string; cursors: (string | undefined)[] }>({
    query,
    cursors: [undefined],
  });
  // A new query: back to the first page, adjusted during render (React's documented pattern for
  // state derived from a prop) so no request goes out with the old cursor.
  if (state.query !== query) setState({ query, cursors: [undefined] });
  const cursors = state.query === query ? state.cursors : [undefined];
  return {
    cursor: cursors[cursors.length - 1],
    index: cursors.length - 1,
    next: (nextCursor) => setState((s) => ({ ...s, cursors: [...s.cursors, nextCursor] })),
    previous: () =>
      setState((s) => ({
        ...s,
        cursors: s.cursors.length > 1 ? s.cursors.slice(0, -1) : s.cursors,
      })),
  };
}
