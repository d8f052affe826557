/** The frame every page shares: the skip link, the page (routes add their own header) and toasts. */
import { Outlet } from '@tanstack/react-router';
import { messages } from '../../contract/messages.ts';
import { AppToaster } from './toaster.tsx';

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        {messages.skipToContent}
      </a>
      <Outlet />
      <AppToaster />
    </>
  );
}
