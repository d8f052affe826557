/**
 * Entry point: applies the colour mode before the first paint, mounts the router and, in a
 * production build, registers the service worker (sw/) that makes the app work offline.
 */
// First: zod must be configured before any schema is built (see the module).
import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { initTheme } from './app/theme.ts';
import { router } from './app/router.tsx';
import { registerServiceWorker } from './lib/sw-bridge.ts';
import './app/styles/base.css';

initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// A transition lets React render the first screen in small slices, yielding to the browser in
// between, instead of one long task that blocks input on a slow lab machine.
startTransition(() => {
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});

if (import.meta.env.PROD) void registerServiceWorker();
