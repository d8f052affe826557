/**
 * The service worker's event wiring. What is cached lives in precache.ts and how each request is
 * answered in routes.ts; this file only connects them to the worker's lifecycle.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches } from 'workbox-precaching';
import { installPrecache } from './precache.ts';
import { registerRoutes } from './routes.ts';

declare const self: ServiceWorkerGlobalScope;

// Take control on the first visit, so the shell is cached before the network can drop.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
installPrecache();
registerRoutes();
