/**
 * Lighthouse for a page: the project's own CLI (the `lighthouse` devDependency, in
 * node_modules/.bin), or the one LIGHTHOUSE_BIN names instead. Without either the web bench prints
 * the figures it measures itself (web-vitals.ts) and says Lighthouse was skipped. Besides the
 * category scores it answers the performance metrics behind the score, to show what to work on.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export type LighthouseScores = Record<string, number>;
export type LighthouseResult = { scores: LighthouseScores; metrics: Record<string, string> };

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS: Record<string, string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'speed index',
};

export function lighthouseBin(): string | undefined {
  // LIGHTHOUSE_BIN first, so that it overrides the project's own copy.
  const candidates = [process.env.LIGHTHOUSE_BIN, path.resolve('node_modules/.bin/lighthouse')];
  return candidates.find((file): file is string => Boolean(file && fs.existsSync(file)));
}

type Report = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { displayValue?: string; score: number | null }>;
};

export async function runLighthouse(bin: string, url: string): Promise<LighthouseResult> {
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
  const scores = Object.fromEntries(
    CATEGORIES.map((name) => [name, Math.round((report.categories[name]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([id, label]) => {
      const audit = report.audits[id];
      const score = audit?.score === null || audit?.score === undefined ? '' : ` (${audit.score})`;
      return [label, `${audit?.displayValue ?? 'n/a'}${score}`];
    }),
  );
  return { scores, metrics };
}
