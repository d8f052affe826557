import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeysetPages } from './keyset-pages.ts';

describe('useKeysetPages', () => {
  it('walks forward with the server cursors and back through the ones it kept', () => {
    const { result } = renderHook(() => useKeysetPages('sort=name'));
    expect(result.current).toMatchObject({ cursor: undefined, index: 0 });
    act(() => result.current.next('c1'));
    act(() => result.current.next('c2'));
    expect(result.current).toMatchObject({ cursor: 'c2', index: 2 });
    act(() => result.current.previous());
    expect(result.current).toMatchObject({ cursor: 'c1', index: 1 });
    act(() => result.current.previous());
    act(() => result.current.previous());
    expect(result.current).toMatchObject({ cursor: undefined, index: 0 });
  });

  it('goes back to the first page when the sort or filters change', () => {
    const { result, rerender } = renderHook(({ q }) => useKeysetPages(q), {
      initialProps: { q: 'sort=name' },
    });
    act(() => result.current.next('c1'));
    rerender({ q: 'sort=email' });
    expect(result.current).toMatchObject({ cursor: undefined, index: 0 });
  });
});
