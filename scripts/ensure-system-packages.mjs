#!/usr/bin/env node
// Installs the Debian packages the portal needs when they are missing (chromium for the browser
// tests, ffmpeg for the guide video; for the judge: bubblewrap for its sandbox, libseccomp's Python
// bindings that compile its seccomp filter, JDK 17 for Java
// submissions, gcc and g++ for C and C++ ones). It runs apt-get itself
// when it can (root on Debian) and otherwise says exactly what to run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const known = {
  chromium: { binary: '/usr/bin/chromium', packages: ['chromium'] },
  ffmpeg: { binary: '/usr/bin/ffmpeg', packages: ['ffmpeg'] },
  bubblewrap: { binary: '/usr/bin/bwrap', packages: ['bubblewrap'] },
  // Roster upload: ssconvert turns legacy .xls into .xlsx out of process (src/server/roster).
  gnumeric: { binary: '/usr/bin/ssconvert', packages: ['gnumeric'] },
  // The judge's seccomp filter is compiled to BPF by libseccomp (src/server/judge/seccomp.py).
  seccomp: {
    binary: '/usr/lib/python3/dist-packages/seccomp.cpython-*.so',
    packages: ['python3-seccomp'],
  },
  setpriv: { binary: '/usr/bin/setpriv', packages: ['util-linux'] },
  jdk17: {
    binary: '/usr/lib/jvm/java-17-openjdk-amd64/bin/javac',
    packages: ['openjdk-17-jdk-headless'],
  },
  // C and C++ submissions are linked statically: libc6-dev's libc.a is needed, and apt-get runs
  // with --no-install-recommends, where gcc only recommends it.
  gcc: {
    binary: ['/usr/bin/gcc', '/usr/lib/x86_64-linux-gnu/libc.a'],
    packages: ['gcc', 'libc6-dev'],
  },
  gxx: { binary: '/usr/bin/g++', packages: ['g++', 'libc6-dev'] },
};

// A binary may be a pattern with one '*' in its file name (the Python bindings carry the version),
// or a list of files that must all be there.
const exists = (binary) => {
  if (Array.isArray(binary)) return binary.every(exists);
  if (!binary.includes('*')) return fs.existsSync(binary);
  const dir = path.dirname(binary);
  const [head, tail] = path.basename(binary).split('*');
  return (
    fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.startsWith(head) && f.endsWith(tail))
  );
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in known));
if (unknown.length > 0) {
  console.error(
    `ensure-system-packages: unknown package(s) ${unknown.join(', ')}; known: ${Object.keys(known).join(', ')}`,
  );
  process.exit(2);
}

const missing = wanted.filter((name) => !exists(known[name].binary));
if (missing.length === 0) process.exit(0);

const packages = [...new Set(missing.flatMap((name) => known[name].packages))];
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!hasApt || !isRoot) {
  console.error(
    `Missing system package(s): ${packages.join(' ')}.\n` +
      (hasApt
        ? `Install them as root: sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`
        : `This machine has no apt-get: install ${packages.join(' ')} with its package manager.`),
  );
  process.exit(1);
}

console.log(`Installing missing system package(s) with apt-get: ${packages.join(' ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
} catch {
  console.error(
    `apt-get could not install ${packages.join(' ')}; install them by hand and run again.`,
  );
  process.exit(1);
}
const still = missing.filter((name) => !exists(known[name].binary));
if (still.length > 0) {
  console.error(
    `After apt-get, still missing: ${still.flatMap((n) => known[n].binary).join(', ')}`,
  );
  process.exit(1);
}
