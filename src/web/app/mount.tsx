/**
 * Puts the app into #root. When the page holds the first screen the build prerendered for this
 * path (scripts/prerender-plugin.ts) and the visit shows that screen, React hydrates it: the
 * markup already painted stays, and only gains its event handlers. Otherwise (another path, a
 * stored session, a dev server) the app renders from scratch, as before prerendering.
 */
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { AnyRouter } from '@tanstack/react-router';
import { PRERENDERED_ATTRIBUTE, PRERENDER_STALE_ATTRIBUTE } from '../../contract/first-paint.ts';
import { currentValidSession } from '../session/index.ts';

function render(container: HTMLElement, app: ReactNode): void {
  // The prerendered screen is not this visit's (the first-paint script already hid it).
  container.replaceChildren();
  document.documentElement.removeAttribute(PRERENDER_STALE_ATTRIBUTE);
  const root = createRoot(container);
  // A transition lets React render the first screen in small slices, yielding to the browser in
  // between, instead of one long task that blocks input on a slow lab machine.
  startTransition(() => root.render(app));
}

export async function mountApp(
  container: HTMLElement,
  router: AnyRouter,
  app: ReactNode,
): Promise<void> {
  const html = document.documentElement;
  const prerenderedPath = html.getAttribute(PRERENDERED_ATTRIBUTE);
  if (
    prerenderedPath === null ||
    html.hasAttribute(PRERENDER_STALE_ATTRIBUTE) ||
    container.firstElementChild === null
  ) {
    render(container, app);
    return;
  }
  // Hydration needs the first render to be the prerendered one: resolve the route (its session
  // check, its lazy component) before it, as the build did before rendering.
  await router.load();
  // The session can come back from IndexedDB alone, which the first-paint script cannot read;
  // an administrator already signed in is redirected by /admin. Both show another screen.
  if (router.state.location.pathname !== prerenderedPath || currentValidSession()) {
    render(container, app);
    return;
  }
  // Rendering on a server, the router leaves out the Suspense boundaries around the root route
  // (the build's render did); told that the page was server-rendered, as its own SSR hydration
  // does, the browser's router leaves them out too, so both trees match.
  router.ssr = { manifest: undefined };
  // In a transition, React hydrates in slices instead of one long task before the first input.
  startTransition(() => {
    hydrateRoot(container, app);
  });
}
