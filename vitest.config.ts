import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: browser-side unit tests in jsdom, server-side unit tests in node, the API
// tests that start the real server on a real database (PGlite, plus PostgreSQL when
// TEST_DATABASE_URL is set), and the judge's sandbox tests that run real programs in real boxes.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit-web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/contract/**/*.test.ts'],
          setupFiles: ['./src/web/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'unit-server',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['./tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'judge',
          environment: 'node',
          include: ['tests/judge/**/*.test.ts'],
          globalSetup: ['./tests/judge/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
