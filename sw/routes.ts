/**
 * How requests are answered: page navigations fall back to the cached index.html, so deep links
 * open offline; the API always goes to the network, never to a cache (a stale answer on exam day
 * is worse than a clear network error).
 */
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

export function registerRoutes(): void {
  registerRoute(({ url }) => url.pathname.startsWith('/api/'), new NetworkOnly());
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }),
  );
}
