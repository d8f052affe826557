/** Entry point: applies the colour mode before the first paint, then mounts the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { initTheme } from './app/theme.ts';
import { router } from './app/router.tsx';
import './app/styles/base.css';

initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
