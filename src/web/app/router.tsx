/** The router, built from the generated file-route tree and registered for type-safe links. */
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import { PendingScreen } from './pending.tsx';
import { NotFound, RouteError } from './route-error.tsx';

export const router = createRouter({
  routeTree,
  defaultPendingComponent: PendingScreen,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: NotFound,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
