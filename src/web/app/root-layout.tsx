/**
 * The frame every page shares: the skip link, the offline banner, the page (routes add their own
 * header), the update prompt and toasts.
 */
import { Outlet } from '@tanstack/react-router';
import { messages } from '../../contract/messages.ts';
import { OfflineBanner } from './offline-banner.tsx';
import { AppToaster } from './toaster.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        {messages.skipToContent}
      </a>
      <OfflineBanner />
      <Outlet />
      <UpdatePrompt />
      <AppToaster />
    </>
  );
}
