/**
 * The service worker's event wiring. What is cached lives in precache.ts and how each request is
 * answered in routes.ts; this file only connects them to the worker's lifecycle.
 *
 * Lifecycle: the first install takes control at once (there is no older worker, and the shell
 * must be cached before the lab's network drops). An update waits until the user presses Reload
 * in the 'new version' prompt, which posts SKIP_WAITING: a student mid-test never has the page
 * swapped under them.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches } from 'workbox-precaching';
import { installPrecache } from './precache.ts';
import { registerRoutes } from './routes.ts';

declare const self: ServiceWorkerGlobalScope;

/** The message the update prompt (src/web/lib/sw-bridge.ts, via workbox-window) sends. */
const SKIP_WAITING = 'SKIP_WAITING';

self.addEventListener('install', () => {
  if (!self.registration.active) void self.skipWaiting();
});
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === SKIP_WAITING) {
    void self.skipWaiting();
  }
});
clientsClaim();
// Only removes caches left by older Workbox precache formats; this build's files and the previous
// build's are managed by precache.ts.
cleanupOutdatedCaches();
installPrecache();
registerRoutes();
