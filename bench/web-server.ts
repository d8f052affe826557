/**
 * The web bench's server: the real portal (buildApp on an in-memory PGlite) serving the build
 * folder, so what is measured includes its compression and cache headers. It also answers one
 * extra page, a script-less baseline, so the figures can be given as ratios to the machine's floor.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { createTokenService } from '../src/server/auth/tokens.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';

/** The baseline page: text and a heading, no script, so its figures are the machine's floor. */
export const BASELINE_PATH = '/__bench-baseline';
const baselineHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head>' +
  '<body><main><h1>Baseline</h1><p>A page with no script.</p></main></body></html>';

export type StaticServer = { url: string; close(): Promise<void> };

export async function serveStatic(root: string): Promise<StaticServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-web-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: root,
    LOG_LEVEL: 'silent',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await database.migrate();
  const tokens = createTokenService(new TextEncoder().encode(config.jwtSecret ?? ''), 3600);
  const app = await buildApp({ config, database, tokens, version: 'bench' }, false);
  app.get(BASELINE_PATH, (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(baselineHtml),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
