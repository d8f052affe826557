/**
 * The frame every page shares: the skip link, the offline banner, the page (routes add their own
 * header), the update prompt and toasts.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet } from '@tanstack/react-router';
import { APP_READY_ATTRIBUTE, APP_STARTING_ATTRIBUTE } from '../../contract/first-paint.ts';
import { firstScreenMessages as messages } from '../../contract/messages-first-screen.ts';
import { afterLoadIdle } from '../lib/after-load.ts';
import { hasWaitingToasts, onToastRaised } from '../ui/toast.ts';
import { OfflineBanner } from './offline-banner.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

// Inside the test screen's frame (the compiler page) the outer page already shows the offline
// banner and the update prompt: showing them twice would only crowd the editor. (No window: the
// build's prerender of the first screens, which are never embedded.)
const embedded = typeof window !== 'undefined' && window.self !== window.top;

// The toast region (Ark UI's Toaster, ~10 KB gzip) is a chunk of its own, mounted once the page
// has loaded and is idle, or at once when a toast is raised earlier. Toasts raised before it
// mounts wait in ui/toast.ts and show when it does.
const AppToaster = lazy(() =>
  import('./toaster.tsx').then((module) => ({ default: module.AppToaster })),
);

function useToasterWanted(): boolean {
  const [wanted, setWanted] = useState(hasWaitingToasts);
  useEffect(() => {
    if (wanted) return undefined;
    const want = () => setWanted(true);
    const unsubscribe = onToastRaised(want);
    // A toast raised between the first render and this subscription.
    if (hasWaitingToasts()) want();
    const cancelIdle = afterLoadIdle(want);
    return () => {
      unsubscribe();
      cancelIdle();
    };
  }, [wanted]);
  return wanted;
}

/**
 * Marks <html> data-app-ready (and no longer data-app-starting) once the app has rendered or
 * hydrated its first screen: until then a prerendered screen is only markup, whose buttons do
 * nothing yet (src/contract/first-paint.ts; the browser tests wait for the mark too).
 */
function useAppReadyMark(): void {
  useEffect(() => {
    document.documentElement.removeAttribute(APP_STARTING_ATTRIBUTE);
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
  }, []);
}

export function RootLayout() {
  useAppReadyMark();
  const toasterWanted = useToasterWanted();
  return (
    <>
      <a className="skip-link" href="#main">
        {messages.skipToContent}
      </a>
      {embedded ? null : <OfflineBanner />}
      <Outlet />
      {embedded ? null : <UpdatePrompt />}
      {toasterWanted ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </>
  );
}
