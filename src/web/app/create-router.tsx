/**
 * Builds the app's router from the generated file-route tree. One factory for the browser (its
 * own history) and the build's prerender of the first screens (a memory history at a fixed path),
 * so both render the very same tree and the browser can hydrate what the build rendered.
 */
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import { PendingScreen } from './pending.tsx';
import { NotFound, RouteError } from './route-error.tsx';

export type AppRouterOptions = {
  /** A memory history for the prerender; the browser's own by default. */
  history?: RouterHistory;
  /**
   * Off in the prerender: rendering on a server, the router would add an inline script that
   * restores the scroll position, which the page's Content-Security-Policy does not allow and
   * the browser's render does not have. A cold first screen has nothing to restore anyway.
   */
  scrollRestoration?: boolean;
};

export function createAppRouter({ history, scrollRestoration = true }: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPendingComponent: PendingScreen,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    defaultPreload: 'intent',
    scrollRestoration,
  });
}
