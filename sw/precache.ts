/** The app shell: every file of the build that vite-plugin-pwa lists in the injected manifest. */
import { precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

export function installPrecache(): void {
  precacheAndRoute(self.__WB_MANIFEST);
}
