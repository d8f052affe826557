/** Whether the browser reports a network (online/offline events), as a React hook. */
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;
// The prerendered first screen (and so its hydration) assumes a network; an offline start shows
// the banner right after hydration.
const onlineWhenPrerendered = () => true;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onlineWhenPrerendered);
}
