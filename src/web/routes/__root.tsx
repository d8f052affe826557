import { createRootRoute } from '@tanstack/react-router';
import { RootLayout } from '../app/root-layout.tsx';

export const Route = createRootRoute({ component: RootLayout });
