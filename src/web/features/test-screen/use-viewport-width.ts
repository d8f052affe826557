import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const width = () => window.innerWidth;

/** The viewport's width in CSS pixels, kept current as the window is resized or rotated. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, width, width);
}
