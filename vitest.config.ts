import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { bound } from './tests/api/bounds.ts';

/**
 * Unit test files that replace a module with vi.mock (found by reading them, so a new one cannot
 * slip into a shared registry): they run isolated (see unit-web).
 */
const moduleMockingFiles = ['src/web', 'src/contract', 'src/server', 'tests/api'].flatMap((dir) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(file, 'utf8'))),
);

// The API files share a registry and have no isolated project: a real server is what they test.
const mockingApiFiles = moduleMockingFiles.filter((file) => file.startsWith('tests/api/'));
if (mockingApiFiles.length > 0) {
  throw new Error(`API tests run the real modules; vi.mock in ${mockingApiFiles.join(', ')}`);
}

/**
 * What a file may leave behind in a shared worker, put back after every test: globals and env
 * variables stubbed with vi.stubGlobal / vi.stubEnv, and spies made with vi.spyOn.
 */
const sharedRegistry = {
  unstubGlobals: true,
  unstubEnvs: true,
  restoreMocks: true,
};

/**
 * A bound on a hung unit test, never a measure of speed: form tests that type through several
 * fields or upload a file took 2-5 s on a machine busy with other work, over the default 5 s.
 */
const unitTestTimeout = 30_000;

/** The API tests' project settings. */
const apiProject = {
  environment: 'node' as const,
  globalSetup: ['./tests/api/global-setup.ts'],
  // Two files share the cores, beside the browser tests in CI (tests/api/bounds.ts).
  testTimeout: bound(90_000),
  hookTimeout: bound(120_000),
  // One module registry per worker, shared by the files it runs: each API file imported the
  // whole server (Fastify, drizzle, PGlite's WebAssembly, the judge) anew, ~7 s of a 2-core CI
  // machine per file, 80 files. No API test replaces a module (vi.mock); what they stub is put
  // back by sharedRegistry, and each file starts its own app, so no state of one file's server
  // reaches the next.
  isolate: false,
  ...sharedRegistry,
};

/**
 * API files run after the browser tests, beside the judge's (scripts/test.mjs), in project
 * `api-late`. Those that import problem packages and judge every labelled submission (compilers
 * and hundreds of boxes) are the heaviest CPU of the API tests: beside Chromium they took both
 * cores for minutes and the browser tests ran into their timeouts (CI of 2026-11-29, load average
 * 16). fuzz-routes, the longest API file (121 s alone: over a thousand bad requests on each
 * database), runs here too, away from the browsers. Moving it did not shorten CI measurably
 * (1,351 s before, 1,461 s after on the same slow machine): with the unit and API tests at a
 * lower priority (scripts/test.mjs) both cores stay busy, and the total work decides the end.
 */
const lateApiFiles = [
  'fuzz-routes',
  'interactive-import',
  'judge-fidelity',
  'multi-file-import',
  'problem-big-data',
  'problem-cli',
  'problem-import',
  'validate-header-import',
].map((name) => `tests/api/${name}.test.ts`);

// Browser-side unit tests in jsdom, server-side unit tests in node (each split in two: see
// unit-web), the API tests that start the real server on a real database (PGlite, plus
// PostgreSQL when TEST_DATABASE_URL is set), and the judge's sandbox tests that run real programs
// in real boxes.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core CI
    // machine, which left a core idle half the run (the API tests wait on databases, child
    // processes and the judge). The judge charges a box only the time it ran, not the time it
    // waited for a core, so two files at a time keep their verdicts.
    maxWorkers: 2,
    projects: [
      // The unit tests share one module registry and one environment per worker (isolate: false):
      // 88 files ran in 124 s isolated and 38 s shared, most of the difference being a new jsdom
      // and a new import of React and the app's modules for every file. Each file must leave
      // globals, timers, storage and the DOM as it found them: test-setup.ts empties the DOM and
      // storage after every test, and sharedRegistry puts back stubs and spies. Files that
      // replace a module with vi.mock cannot share a registry (the mock would stay in force for
      // the files after them in the worker, and a module an earlier file imported would keep its
      // real imports): they run isolated, in the *-mocked projects.
      {
        plugins: [react()],
        test: {
          name: 'unit-web',
          testTimeout: unitTestTimeout,
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}', 'src/contract/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...moduleMockingFiles],
          setupFiles: ['./src/web/test-setup.ts'],
          isolate: false,
          ...sharedRegistry,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'unit-web-mocked',
          testTimeout: unitTestTimeout,
          environment: 'jsdom',
          include: moduleMockingFiles.filter((file) => file.startsWith('src/web/')),
          setupFiles: ['./src/web/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'unit-server',
          testTimeout: unitTestTimeout,
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...moduleMockingFiles],
          isolate: false,
          ...sharedRegistry,
        },
      },
      {
        test: {
          name: 'unit-server-mocked',
          testTimeout: unitTestTimeout,
          environment: 'node',
          include: moduleMockingFiles.filter((file) => file.startsWith('src/server/')),
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...lateApiFiles],
          ...apiProject,
        },
      },
      {
        test: {
          name: 'api-late',
          include: lateApiFiles,
          ...apiProject,
        },
      },
      {
        test: {
          name: 'judge',
          environment: 'node',
          // The sandbox tests (fork bombs, memory and time limits, a broken seccomp filter) run
          // one file at a time; `npm test` runs them after the browser tests (scripts/test.mjs).
          maxWorkers: 1,
          include: ['tests/judge/**/*.test.ts'],
          globalSetup: ['./tests/judge/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // The documentation's relative links and anchors (tests/docs/links.test.ts).
      {
        test: {
          name: 'docs',
          environment: 'node',
          include: ['tests/docs/**/*.test.ts'],
        },
      },
    ],
  },
});
