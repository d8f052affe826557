/** The browser's router, registered for type-safe links. */
import { createAppRouter } from './create-router.tsx';

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
