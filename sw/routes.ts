/**
 * How requests are answered: page navigations fall back to the cached index.html (/admin to
 * admin.html: each holds its prerendered first screen, so an offline cold start paints at once),
 * so deep links open offline; the API always goes to the network, never to a cache (a stale answer on exam day
 * is worse than a clear network error). The exceptions are the roster template, see below, and a
 * statement's images, which are named by their content and so never stale (statement-images.ts).
 *
 * Exams (issue 31) need nothing more here: /exams/* and the compiler pages in their frames are
 * navigations, answered by the shell, whose lazy chunks are all precached. What an exam needs to
 * go on offline (its answer, each problem's statement) is kept by the pages themselves, per
 * student, in IndexedDB (src/web/lib/problem-copies.ts): a copy kept here by address could not
 * check the token offline, and would hand back the server's clock of the moment it was made.
 */
import {
  rosterTemplateFileName,
  rosterTemplatePath,
  type RosterTemplateFormat,
} from '../src/contract/roster-template.ts';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { shell } from './precache.ts';
import { registerStatementImages } from './statement-images.ts';

/**
 * The format a template request asks for: Template.csv by default (spec), Template.xlsx with
 * `?format=xlsx`. Each has its static copy in public/ (/Template.csv, /Template.xlsx), precached
 * with the shell, so an offline lab gets the file it asked for, never the other one.
 */
const templateFormat = (url: URL): RosterTemplateFormat =>
  url.searchParams.get('format') === 'xlsx' ? 'xlsx' : 'csv';

/**
 * Network first for the template, falling back to the precached static copy, never to a cached
 * API answer. The worker cannot check a token offline, so caching the admin-only response by URL
 * would hand it to anyone; the file is only the spec's header row, public anyway at /Template.csv
 * (and /Template.xlsx).
 * The fallback is offered only to requests that carry a bearer token, as the admin panel's do.
 */
async function templateNetworkFirst(request: Request, url: URL): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const fileName = rosterTemplateFileName(templateFormat(url));
    const copy = request.headers.has('authorization')
      ? await shell.matchPrecache(`/${fileName}`)
      : undefined;
    if (!copy) throw error;
    const headers = new Headers(copy.headers);
    headers.set('content-disposition', `attachment; filename="${fileName}"`);
    return new Response(copy.body, { status: 200, headers });
  }
}

export function registerRoutes(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname === rosterTemplatePath,
    ({ request, url }) => templateNetworkFirst(request, url),
  );
  registerStatementImages();
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
