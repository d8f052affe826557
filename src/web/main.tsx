/**
 * Entry point: applies the colour mode, mounts the router (hydrating the first screen the build
 * prerendered into the page, see app/mount.tsx) and, in a production build, registers the
 * service worker (sw/) that makes the app work offline.
 */
// First: zod must be configured before any schema is built (see the module).
import './lib/zod-jitless.ts';
// Next: the base styles come before any feature's (see the module).
import './app/styles/load-base.ts';
import { StrictMode } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { initTheme } from './app/theme.ts';
import { router } from './app/router.tsx';
import { mountApp } from './app/mount.tsx';
import { registerServiceWorker } from './lib/sw-bridge.ts';

initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void mountApp(
  container,
  router,
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

if (import.meta.env.PROD) void registerServiceWorker();
