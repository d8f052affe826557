/**
 * A second portal server for browser tests that need settings the shared one lacks (an external
 * compiler, single sign-on): its own port and data folder, started from the sources like the
 * shared one, waited for until healthy, stopped with its whole process group.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eServerEnv } from './server-env.ts';

export type SecondServer = { base: string; stop(): void };

/** A port nothing listens on, so the test never talks to another server by mistake. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `env(base)`: the settings that differ from the shared server's, given its own address. */
export async function startSecondServer(
  tag: string,
  env: (base: string) => Record<string, string>,
  port?: number,
): Promise<SecondServer> {
  const chosen = port ?? (await freePort());
  const base = `http://127.0.0.1:${chosen}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-e2e-${tag}-`));
  // Its own process group, so that stopping it also stops tsx's child.
  const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
    detached: true,
    env: { ...process.env, ...e2eServerEnv(chosen, dataDir), ...env(base) },
    stdio: 'ignore',
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
  return {
    base,
    stop() {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
