#!/usr/bin/env node
// `npm test`: typecheck, lint, then the unit and API tests (vitest) and the browser tests
// (Playwright in Chromium) side by side. Ends with each stage's time and one line
// `tests: N passed, N failed, N skipped` summing both runners.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const results = 'test-results';
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const vitestJson = path.join(results, 'vitest.json');
const e2eJson = path.join(results, 'e2e.json');
const e2eLog = path.join(results, 'e2e.log');

const steps = [
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
];

/**
 * The two test runners run at once (issue 36): each spends most of its time waiting (on the
 * judge's time limits, databases, page loads), so on 2 cores they overlap: 10 + 7 minutes one
 * after the other, about 11 side by side. The browser tests' output goes to a file, printed when
 * both are done, so each runner's log reads in one piece. The browser runner then runs the
 * judge's sandbox tests, so both end together. Once the API files shared one module registry per
 * worker (vitest.config.ts), the 67 files of project `api` took 413 s on a busy machine where
 * the 61 of them on this runner had taken ~1,200 s in CI, and the six slowest, moved after the
 * browsers then, came back.
 */
const vitestJudgeJson = path.join(results, 'vitest-judge.json');
const vitestRun = (projects, json) => [
  'npx',
  [
    'vitest',
    'run',
    ...projects.map((project) => `--project=${project}`),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ],
];
const runners = [
  {
    output: 'inherit',
    stages: [['unit and API tests', ...vitestRun(['unit-*', 'api', 'docs'], vitestJson)]],
  },
  {
    output: e2eLog,
    stages: [
      ['browser tests', 'npm', ['run', '--silent', 'test:e2e']],
      ['judge tests', ...vitestRun(['judge'], vitestJudgeJson)],
    ],
  },
];

/** Each stage's wall time, printed at the end so a slow stage shows in every CI log. */
const times = [];
const failed = [];

for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  times.push([name, (Date.now() - started) / 1000]);
  if (run.status !== 0) {
    failed.push(name);
    break;
  }
}

/** Runs one stage to its end, its output inherited or appended to `output`. */
function runStage([name, command, args], output) {
  return new Promise((resolve) => {
    const started = Date.now();
    const file = output === 'inherit' ? undefined : fs.openSync(output, 'a');
    const child = spawn(command, args, {
      stdio: file === undefined ? 'inherit' : ['ignore', file, file],
    });
    child.on('close', (code) => {
      if (file !== undefined) fs.closeSync(file);
      times.push([name, (Date.now() - started) / 1000]);
      if (code !== 0) failed.push(name);
      resolve();
    });
  });
}

if (failed.length === 0) {
  const names = runners.map(({ stages }) => stages.map(([name]) => name).join(', then '));
  console.log(`\n=== ${names.join(' and ')} (side by side) ===`);
  console.log(`(the second runner's output is in ${e2eLog}, printed below when it ends)\n`);
  fs.writeFileSync(e2eLog, '');
  await Promise.all(
    runners.map(async ({ output, stages }) => {
      // A runner's later stages run even when an earlier one failed: every failure shows at once.
      for (const stage of stages) await runStage(stage, output);
    }),
  );
  console.log(`\n=== browser tests, judge tests (output) ===`);
  process.stdout.write(fs.readFileSync(e2eLog, 'utf8'));
}

const counts = { passed: 0, failed: 0, skipped: 0 };
for (const json of [vitestJson, vitestJudgeJson]) {
  if (!fs.existsSync(json)) continue;
  const v = JSON.parse(fs.readFileSync(json, 'utf8'));
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

console.log('\nStage times:');
for (const [name, seconds] of times) {
  console.log(`  ${name.padEnd(20)} ${String(Math.round(seconds)).padStart(5)} s`);
}

console.log('');
for (const name of failed) console.log(`The ${name} stage failed.`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed.length > 0 || counts.failed > 0 ? 1 : 0);
