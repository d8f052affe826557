#!/usr/bin/env node
// `npm test`: typecheck and lint side by side, then the unit and API tests (vitest) and the
// browser tests (Playwright in Chromium) side by side. Ends with each stage's time and one line
// `tests: N passed, N failed, N skipped` summing both runners.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const results = 'test-results';
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const vitestJson = path.join(results, 'vitest.json');
const e2eJson = path.join(results, 'e2e.json');
const e2eLog = path.join(results, 'e2e.log');

const systemPackages = [
  // Debian packages the tests use: chromium (browser tests), gnumeric (.xls uploads), and the
  // judge's sandbox (bubblewrap, libseccomp's Python bindings) and its compilers (JDK 17,
  // gcc, g++).
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
];
/** Typecheck and lint, side by side: each is one process on one core (42 s and 53 s in CI). */
const checks = [
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
 * browsers then, came back. The API files that judge whole problem packages (project
 * `api-late`, with fuzz-routes) run after the browsers, beside the judge's: beside Chromium their compilers
 * and boxes took both cores and browser tests timed out.
 *
 * The unit and API tests run at a lower priority (nice 10). The browser tests wait on pages,
 * polls and the judge, and use about half of the two cores; the API tests take whatever is
 * left. At equal priority, on a machine 1.5x slower than the one the timeouts were set on, the
 * two stages took 2,318 s and 2,520 s side by side (CI of 2026-11-29: pages starved past their
 * bounds, 10 tests failed) where alone they take 637 s and 807 s. A bound in the API tests is
 * generous (vitest.config.ts), and the judge charges a box its CPU time, not its wait.
 */
const UNIT_API_NICE = 10;
const vitestJudgeJson = path.join(results, 'vitest-judge.json');
const vitestRun = (projects, json, nice = false) => [
  nice ? 'nice' : 'npx',
  [
    ...(nice ? ['-n', String(UNIT_API_NICE), 'npx'] : []),
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
    stages: [['unit and API tests', ...vitestRun(['unit-*', 'api', 'docs'], vitestJson, true)]],
  },
  {
    output: e2eLog,
    stages: [
      ['browser tests', 'npm', ['run', '--silent', 'test:e2e']],
      // With the API files that judge whole problem packages, and fuzz-routes (vitest.config.ts
      // lateApiFiles).
      ['judge and late API tests', ...vitestRun(['judge', 'api-late'], vitestJudgeJson)],
    ],
  },
];

/** Each stage's wall time, printed at the end so a slow stage shows in every CI log. */
const times = [];
const failed = [];

/** Runs one stage to its end, inheriting the output; records its time, and its name if it failed. */
function runInherited([name, command, args]) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  times.push([name, (Date.now() - started) / 1000]);
  if (run.status !== 0) failed.push(name);
}

runInherited(systemPackages);
if (failed.length === 0) {
  // Each check's output in one piece: the second's is held until both are done.
  console.log(`\n=== ${checks.map(([name]) => name).join(' and ')} (side by side) ===`);
  const held = path.join(results, 'checks.log');
  fs.writeFileSync(held, '');
  await Promise.all([runStage(checks[0], 'inherit'), runStage(checks[1], held)]);
  process.stdout.write(fs.readFileSync(held, 'utf8'));
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

/**
 * The failed tests by name, with their first error line: a CI log is read from its end, where the
 * unit and API tests' own report, printed first, may be cut off.
 */
const failures = [];
for (const json of [vitestJson, vitestJudgeJson]) {
  if (!fs.existsSync(json)) continue;
  for (const file of JSON.parse(fs.readFileSync(json, 'utf8')).testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push([where, test.fullName, test.failureMessages?.[0]]);
    }
    // A file that failed before any test ran (an import or a hook) has no failed test of its own.
    if (
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((t) => t.status === 'failed')
    ) {
      failures.push([where, '(the file itself)', file.message]);
    }
  }
}
if (fs.existsSync(e2eJson)) {
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.find((r) => r.error)?.error?.message;
        failures.push([spec.file ?? file, spec.title, error]);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of JSON.parse(fs.readFileSync(e2eJson, 'utf8')).suites ?? [])
    walk(suite, suite.file);
}
if (failures.length > 0) {
  console.log('\nFailed tests:');
  for (const [file, name, message] of failures) {
    const first = stripVTControlCharacters(String(message ?? ''))
      .split('\n')[0]
      .slice(0, 300);
    console.log(`  ${file} > ${name}\n      ${first}`);
  }
}

console.log('\nStage times:');
for (const [name, seconds] of times) {
  console.log(`  ${name.padEnd(20)} ${String(Math.round(seconds)).padStart(5)} s`);
}

console.log('');
for (const name of failed) console.log(`The ${name} stage failed.`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed.length > 0 || counts.failed > 0 ? 1 : 0);
