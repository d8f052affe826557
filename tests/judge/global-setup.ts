// The judge's tests need bubblewrap, libseccomp's Python bindings, JDK 17, gcc and g++: install
// what is missing once, before any test file runs (CI runs on fresh machines). Then empty the tests'
// own work folder: a run killed midway leaves submissions there, and every attack test checks that
// the folder holds nothing but its own leftovers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { testConfig } from './helpers.ts';

export default function setup(): void {
  execFileSync(
    'node',
    ['scripts/ensure-system-packages.mjs', 'bubblewrap', 'seccomp', 'jdk17', 'gcc', 'gxx'],
    {
      stdio: 'inherit',
    },
  );
  fs.rmSync(testConfig().workDir, { recursive: true, force: true });
}
