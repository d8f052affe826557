#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and API tests (vitest), then the browser tests (Playwright in
// Chromium). Ends with one line `tests: N passed, N failed, N skipped` summing both runners.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const results = 'test-results';
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const vitestJson = path.join(results, 'vitest.json');
const e2eJson = path.join(results, 'e2e.json');

const stages = [
  // Debian packages the tests use: chromium (browser tests), gnumeric (.xls uploads), and the
  // judge's sandbox (bubblewrap, libseccomp's Python bindings) and its compilers (JDK 17,
  // gcc, g++).
  [
    'system packages',
    'node',
    [
      'scripts/ensure-system-packages.mjs',
      'chromium',
      'gnumeric',
      'bubblewrap',
      'seccomp',
      'jdk17',
      'gcc',
      'gxx',
    ],
  ],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  [
    'unit and API tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  ],
  ['browser tests', 'npm', ['run', '--silent', 'test:e2e']],
];

let failedStage;
for (const [name, command, args] of stages) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(command, args, { stdio: 'inherit' });
  if (run.status !== 0) {
    failedStage = name;
    break;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
if (fs.existsSync(vitestJson)) {
  const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  counts.passed += v.numPassedTests ?? 0;
  counts.failed += v.numFailedTests ?? 0;
  counts.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (fs.existsSync(e2eJson)) {
  const s = JSON.parse(fs.readFileSync(e2eJson, 'utf8')).stats ?? {};
  counts.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  counts.failed += s.unexpected ?? 0;
  counts.skipped += s.skipped ?? 0;
}

console.log('');
if (failedStage) console.log(`The ${failedStage} stage failed.`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStage || counts.failed > 0 ? 1 : 0);
