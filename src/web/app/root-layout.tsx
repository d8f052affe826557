/**
 * The frame every page shares: the skip link, the offline banner, the page (routes add their own
 * header), the update prompt and toasts.
 */
import { Outlet } from '@tanstack/react-router';
import { messages } from '../../contract/messages.ts';
import { OfflineBanner } from './offline-banner.tsx';
import { AppToaster } from './toaster.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

// Inside the test screen's frame (the compiler page) the outer page already shows the offline
// banner and the update prompt: showing them twice would only crowd the editor.
const embedded = window.self !== window.top;

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        {messages.skipToContent}
      </a>
      {embedded ? null : <OfflineBanner />}
      <Outlet />
      {embedded ? null : <UpdatePrompt />}
      <AppToaster />
    </>
  );
}
