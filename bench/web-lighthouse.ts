/**
 * Lighthouse for a page, when a Lighthouse CLI is at hand: LIGHTHOUSE_BIN, or the project's
 * node_modules/.bin/lighthouse. It is not a dependency of the project; without it the web bench
 * prints the figures it measures itself (web-vitals.ts) and says Lighthouse was skipped.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export type LighthouseScores = Record<string, number>;

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

export function lighthouseBin(): string | undefined {
  const candidates = [process.env.LIGHTHOUSE_BIN, path.resolve('node_modules/.bin/lighthouse')];
  return candidates.find((file): file is string => Boolean(file && fs.existsSync(file)));
}

type Report = { categories: Record<string, { score: number | null }> };

export async function runLighthouse(bin: string, url: string): Promise<LighthouseScores> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lh-')), 'report.json');
  await promisify(execFile)(
    bin,
    [
      url,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run ' +
        '--disable-background-networking --disable-component-update --disable-sync',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      timeout: 180_000,
    },
  );
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as Report;
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return Object.fromEntries(
    CATEGORIES.map((name) => [name, Math.round((report.categories[name]?.score ?? 0) * 100)]),
  );
}
