/**
 * How requests are answered: page navigations fall back to the cached index.html (/admin to
 * admin.html: each holds its prerendered first screen, so an offline cold start paints at once),
 * so deep links open offline; the API always goes to the network, never to a cache (a stale answer on exam day
 * is worse than a clear network error). The one exception is the roster template, see below.
 */
import { rosterTemplatePath } from '../src/contract/roster-template.ts';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { shell } from './precache.ts';

/** The static copy of the template in public/, precached with the shell. */
const TEMPLATE_COPY = '/Template.csv';

/**
 * Network first for the template, falling back to the precached static copy, never to a cached
 * API answer. The worker cannot check a token offline, so caching the admin-only response by URL
 * would hand it to anyone; the file is only the spec's header row, public anyway at /Template.csv.
 * The fallback is offered only to requests that carry a bearer token, as the admin panel's do.
 */
async function templateNetworkFirst(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const copy = request.headers.has('authorization')
      ? await shell.matchPrecache(TEMPLATE_COPY)
      : undefined;
    if (!copy) throw error;
    const headers = new Headers(copy.headers);
    headers.set('content-disposition', 'attachment; filename="Template.csv"');
    return new Response(copy.body, { status: 200, headers });
  }
}

export function registerRoutes(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname === rosterTemplatePath,
    ({ request }) => templateNetworkFirst(request),
  );
  registerRoute(({ url }) => url.pathname.startsWith('/api/'), new NetworkOnly());
  // Registered first: the first route that matches answers.
  registerRoute(
    new NavigationRoute(shell.createHandlerBoundToURL('/admin.html'), { allowlist: [/^\/admin$/] }),
  );
  registerRoute(
    new NavigationRoute(shell.createHandlerBoundToURL('/index.html'), {
      denylist: [/^\/api\//],
    }),
  );
}
