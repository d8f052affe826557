import type { ReactNode } from 'react';
import { MOBILE_CUTOFF_PX, messages } from '../../../contract/messages.ts';
import { useViewportWidth } from './use-viewport-width.ts';
import './test-screen.css';

/** Spec §2: under 450 px the test screen shows only 'This page will not open in mobile screen'. */
export function MobileGate({ children }: { children: ReactNode }) {
  const width = useViewportWidth();
  if (width < MOBILE_CUTOFF_PX) {
    return (
      <main id="main" className="mobile-blocked">
        <p role="alert" className="mobile-blocked__text">
          {messages.mobileBlocked}
        </p>
      </main>
    );
  }
  return children;
}
