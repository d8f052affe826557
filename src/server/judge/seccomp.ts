/**
 * The seccomp filter as BPF bytes, compiled once per process by libseccomp (Debian's
 * python3-seccomp, see seccomp-filter.py) and handed to bwrap through a pipe on every run.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./seccomp-filter.py', import.meta.url));
let cached: Promise<Buffer> | undefined;

export function seccompFilter(): Promise<Buffer> {
  cached ??= new Promise<Buffer>((resolve, reject) => {
    const child = spawn('/usr/bin/python3', ['-I', script], {
      env: {},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const bpf = Buffer.concat(out);
      if (code === 0 && bpf.length > 0 && bpf.length % 8 === 0) resolve(bpf);
      else
        reject(
          new Error(
            `Could not compile the seccomp filter (exit ${code}): ${err.trim() || 'no output'}. ` +
              'Install python3-seccomp: node scripts/ensure-system-packages.mjs seccomp',
          ),
        );
    });
  });
  cached.catch(() => (cached = undefined));
  return cached;
}
