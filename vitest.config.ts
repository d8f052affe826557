import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: browser-side unit tests in jsdom, server-side unit tests in node, the API
// tests that start the real server on a real database (PGlite, plus PostgreSQL when
// TEST_DATABASE_URL is set), and the judge's sandbox tests that run real programs in real boxes.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core CI
    // machine, which left a core idle half the run (the API tests wait on databases, child
    // processes and the judge). The judge charges a box only the time it ran, not the time it
    // waited for a core, so two files at a time keep their verdicts.
    maxWorkers: 2,
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
          // Generous: a bound on a hung test, never a measure of speed (two files share the cores).
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'judge',
          environment: 'node',
          // The sandbox tests (fork bombs, memory and time limits, a broken seccomp filter) run
          // alone, one file at a time, after the others (vitest's sequential group).
          maxWorkers: 1,
          include: ['tests/judge/**/*.test.ts'],
          globalSetup: ['./tests/judge/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
