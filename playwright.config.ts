import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eServerEnv } from './tests/e2e/server-env.ts';

// The end-to-end tests click through the built app served by the real server (PGlite in a fresh
// temporary folder) in Debian's Chromium.
//
// Several servers, one test file at a time on each (issue 36: the browser stage took 15 of CI's
// 31 minutes in one worker). Each server has its own port, database and judge, so no test sees
// another's students, queue or mail: every project below is one server's share of the files,
// run by one worker. E2E_SERVERS=1 gives the old single-server run.
const servers = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
const firstPort = Number(process.env.E2E_PORT ?? 4310);
// Kept in the environment: test workers re-read this file, and the mail tests read every
// server's outbox (E2E_DATA_DIR/server-N/outbox: outbox.ts).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const ports = Array.from({ length: servers }, (_, index) => firstPort + index);
const urlOf = (port: number) => `http://127.0.0.1:${port}`;

/** Files that change what every server serves (a new sw.js): they run alone, after the rest. */
const runsAlone = ['pwa-update.spec.ts'];

/**
 * Seconds each file took on the 2-core machine (two servers, a clean-clone CI run, 2026-11-29), to share the
 * files out evenly; a file not listed counts as `unlisted`. Stale figures only unbalance the
 * shares, they never change what runs.
 */
const measuredSeconds: Record<string, number> = {
  'judge-queue.spec.ts': 52,
  'admin.spec.ts': 50,
  'proctor.spec.ts': 47,
  'exams.spec.ts': 43,
  'compiler.spec.ts': 36,
  'notices.spec.ts': 35,
  'staff-and-courses.spec.ts': 35,
  'time-limit.spec.ts': 32,
  'validation-toasts.spec.ts': 30,
  'sitting-live.spec.ts': 29,
  'teacher-defects.spec.ts': 28,
  'accommodations.spec.ts': 27,
  'problem-import.spec.ts': 26,
  'results.spec.ts': 24,
  'pwa.spec.ts': 24,
  'sso.spec.ts': 22,
  'similarity.spec.ts': 21,
  'test-data-files.spec.ts': 21,
  'first-screen.spec.ts': 20,
  'interactive-problem.spec.ts': 20,
  'revoked-session.spec.ts': 19,
  'feedback-release.spec.ts': 18,
  'rejudge.spec.ts': 18,
  'password-reset.spec.ts': 17,
  'grading.spec.ts': 17,
  'statements.spec.ts': 16,
  'compiler-languages.spec.ts': 15,
  'judge-rules.spec.ts': 15,
  'student-journey.spec.ts': 15,
  'access-rules.spec.ts': 14,
  'session.spec.ts': 14,
  'exam-signals.spec.ts': 14,
  'one-time-passwords.spec.ts': 11,
  'guide.spec.ts': 11,
  'exam-similarity.spec.ts': 10,
  'busy-sign-in.spec.ts': 10,
  'docs-screenshots.spec.ts': 10,
  'audit-log.spec.ts': 9,
  'pwa-manifest.spec.ts': 9,
  'grading-statistics.spec.ts': 9,
  'students.spec.ts': 8,
  'color-mode.spec.ts': 8,
  'course-moves.spec.ts': 7,
  'forgot-password.spec.ts': 7,
  'roster-claim.spec.ts': 6,
  'test-screen.spec.ts': 5,
  'device-cookie.spec.ts': 5,
  'external-compiler.spec.ts': 3,
  'results-by-section.spec.ts': 3,
};
const unlisted = 20;

/** The files shared out over the servers, longest first to the least loaded (a greedy split). */
function shares(): RegExp[][] {
  const files = fs
    .readdirSync('tests/e2e')
    .filter((file) => file.endsWith('.spec.ts') && !runsAlone.includes(file))
    .sort(
      (a, b) =>
        (measuredSeconds[b] ?? unlisted) - (measuredSeconds[a] ?? unlisted) || a.localeCompare(b),
    );
  const loads = ports.map(() => 0);
  const lists: RegExp[][] = ports.map(() => []);
  for (const file of files) {
    const lightest = loads.indexOf(Math.min(...loads));
    loads[lightest] = (loads[lightest] ?? 0) + (measuredSeconds[file] ?? unlisted);
    lists[lightest]?.push(fileMatcher(file));
  }
  return lists;
}

function fileMatcher(file: string): RegExp {
  return new RegExp(`[\\/]${file.replace(/[.]/g, '\\.')}$`);
}

const chromium = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
};

export default defineConfig({
  testDir: './tests/e2e',
  // A subfolder: Playwright empties its output folder, and test-results/ also holds vitest.json.
  outputDir: `test-results/playwright-${firstPort}`,
  // Bounds on a hung page, never measures of speed. In CI the browsers share 2 cores with the
  // unit and API tests (load average 12-16 there): a page that answers in 1 s alone took 10 s,
  // and 13 tests of a correct build ran past 30 s (2026-11-29), so CI waits twice as long.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  fullyParallel: false,
  workers: servers,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    // A trace is recorded only when asked for (PW_TRACE=1): recording one for every test cost
    // a third more CPU (41 -> 55 s for four files) and a tenth more time, in runs whose every
    // test passed; a failure still leaves its screenshot and error-context.md (the page's
    // accessibility tree) in test-results/.
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    ...shares().map((testMatch, index) => ({
      name: `chromium-${index + 1}`,
      testMatch,
      workers: 1,
      use: { ...chromium, baseURL: urlOf(ports[index] ?? firstPort) },
    })),
    {
      name: 'chromium-alone',
      testMatch: runsAlone.map(fileMatcher),
      workers: 1,
      dependencies: ports.map((_, index) => `chromium-${index + 1}`),
      use: { ...chromium, baseURL: urlOf(firstPort) },
    },
  ],
  webServer: ports.map((port, index) => ({
    command: 'tsx src/server/main.ts',
    url: `${urlOf(port)}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: e2eServerEnv(port, path.join(dataDir, `server-${index + 1}`)),
  })),
});
