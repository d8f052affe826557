/**
 * The build renders the first screens a visitor can land on (the student card on / and the
 * administrator's sign-in on /admin) to HTML with this module (scripts/prerender-plugin.ts), so a
 * cold browser paints them before any script has run; main.tsx then hydrates that HTML.
 *
 * It renders the app's own router at the page's path, with nothing stored: what the browser's
 * first render produces for a visitor without a session. Rendering on a server, the router leaves
 * out some of its Suspense boundaries; main.tsx tells the browser's router that the page was
 * server-rendered, so that it renders the same tree (hydration needs the two to match).
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '../app/create-router.tsx';

export async function renderFirstScreen(path: string): Promise<string> {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    scrollRestoration: false,
  });
  await router.load();
  // prerender (unlike renderToString) waits for every lazy part, so no fallback is frozen in.
  const { prelude } = await prerender(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
