/**
 * The app shell: every file of the build that vite-plugin-pwa lists in the injected manifest.
 *
 * Workbox's own `precacheAndRoute` deletes, when a new worker activates, every cached file the
 * new build does not list. A page still open on the previous build (another tab, or the one that
 * pressed Reload before it navigates) would then fail to load its lazy chunks, because the server
 * no longer has them either. So this file installs the list itself and, on activate, keeps the
 * files of the previous build for one more generation; the build before that is deleted.
 */
import { PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

export const shell = new PrecacheController();
shell.addToCacheList(self.__WB_MANIFEST);

/** Where the list of the cache keys each build used is kept, to know the previous build's. */
const GENERATIONS_CACHE = 'portal-shell-generations';
const GENERATIONS_KEY = '/__shell-generations.json';

type Generations = { current: string[]; previous: string[] };

async function readGenerations(): Promise<Generations | undefined> {
  const cache = await caches.open(GENERATIONS_CACHE);
  const response = await cache.match(GENERATIONS_KEY);
  if (!response) return undefined;
  try {
    return (await response.json()) as Generations;
  } catch {
    return undefined;
  }
}

/** Deletes cached files that neither this build nor the previous one lists. */
async function pruneOlderBuilds(): Promise<void> {
  const current = [...shell.getURLsToCacheKeys().values()];
  const stored = await readGenerations();
  const previous = stored ? stored.current.filter((key) => !current.includes(key)) : [];
  const keep = new Set([...current, ...previous]);
  const cache = await caches.open(shell.strategy.cacheName);
  for (const request of await cache.keys()) {
    if (!keep.has(request.url)) await cache.delete(request);
  }
  const generations: Generations = { current, previous };
  await (await caches.open(GENERATIONS_CACHE)).put(GENERATIONS_KEY, Response.json(generations));
}

/** Answers a request from any build still in the cache (the previous build's lazy chunks). */
async function fromAnyCachedBuild(request: Request): Promise<Response> {
  const cache = await caches.open(shell.strategy.cacheName);
  return (await cache.match(request)) ?? fetch(request);
}

export function installPrecache(): void {
  self.addEventListener('install', (event) => event.waitUntil(shell.install(event)));
  self.addEventListener('activate', (event) => event.waitUntil(pruneOlderBuilds()));
  registerRoute(new PrecacheRoute(shell));
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
    ({ request }) => fromAnyCachedBuild(request),
  );
}
