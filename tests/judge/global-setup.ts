// The judge's tests need bubblewrap, libseccomp's Python bindings, setpriv, JDK 17, gcc and g++: install
// what is missing once, before any test file runs (CI runs on fresh machines).
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(
    'node',
    [
      'scripts/ensure-system-packages.mjs',
      'bubblewrap',
      'seccomp',
      'setpriv',
      'jdk17',
      'gcc',
      'gxx',
    ],
    {
      stdio: 'inherit',
    },
  );
}
