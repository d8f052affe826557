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
 * Seconds each file took on the 2-core machine (two servers, 2026-11-28), to share the
 * files out evenly; a file not listed counts as `unlisted`. Stale figures only unbalance the
 * shares, they never change what runs.
 */
const measuredSeconds: Record<string, number> = {
  'admin.spec.ts': 53,
  'exams.spec.ts': 51,
  'proctor.spec.ts': 25,
  'judge-queue.spec.ts': 49,
  'sso.spec.ts': 40,
  'notices.spec.ts': 26,
  'accommodations.spec.ts': 25,
  'access-rules.spec.ts': 15,
  'docs-screenshots.spec.ts': 15,
  'compiler.spec.ts': 34,
  'time-limit.spec.ts': 33,
  'problem-import.spec.ts': 31,
  'pwa.spec.ts': 29,
  'rejudge.spec.ts': 26,
  'sitting-live.spec.ts': 25,
  'validation-toasts.spec.ts': 25,
  'first-screen.spec.ts': 24,
  'results.spec.ts': 23,
  'test-data-files.spec.ts': 20,
  'session.spec.ts': 19,
  'compiler-languages.spec.ts': 18,
  'teacher-defects.spec.ts': 18,
  'similarity.spec.ts': 17,
  'statements.spec.ts': 16,
  'exam-signals.spec.ts': 16,
  'student-journey.spec.ts': 14,
  'password-reset.spec.ts': 13,
  'revoked-session.spec.ts': 13,
  'judge-rules.spec.ts': 13,
  'color-mode.spec.ts': 10,
  'pwa-manifest.spec.ts': 10,
  'forgot-password.spec.ts': 9,
  'guide.spec.ts': 8,
  'exam-similarity.spec.ts': 8,
  'roster-claim.spec.ts': 8,
  'external-compiler.spec.ts': 6,
  'test-screen.spec.ts': 6,
  'students.spec.ts': 5,
  'staff-and-courses.spec.ts': 13,
  'device-cookie.spec.ts': 5,
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
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: servers,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    trace: 'retain-on-failure',
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
