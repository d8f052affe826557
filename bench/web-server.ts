/**
 * The web bench's server: the real portal (buildApp on an in-memory PGlite) serving the build
 * folder, so what is measured includes its compression and cache headers. It also answers one
 * extra page, a script-less baseline, so the figures can be given as ratios to the machine's floor.
 */
import { startBenchServer } from './bench-server.ts';

/** The baseline page: text and a heading, no script, so its figures are the machine's floor. */
export const BASELINE_PATH = '/__bench-baseline';
const baselineHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head>' +
  '<body><main><h1>Baseline</h1><p>A page with no script.</p></main></body></html>';

export type StaticServer = { url: string; close(): Promise<void> };

export async function serveStatic(root: string): Promise<StaticServer> {
  return startBenchServer({
    env: { STATIC_DIR: root },
    extend: (app) =>
      app.get(BASELINE_PATH, (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(baselineHtml),
      ),
  });
}
