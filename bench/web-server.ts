/**
 * A minimal static server for the web bench: the build folder with the same SPA fallback and
 * cache headers as src/server/static-files.ts, without the API or a database to start.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.csv': 'text/csv; charset=utf-8',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** The baseline page: text and a heading, no script, so its figures are the machine's floor. */
export const BASELINE_PATH = '/__bench-baseline';
const baselineHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head>' +
  '<body><main><h1>Baseline</h1><p>A page with no script.</p></main></body></html>';

export type StaticServer = { url: string; close(): Promise<void> };

export async function serveStatic(root: string): Promise<StaticServer> {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, path.normalize(pathname));
    if (pathname === BASELINE_PATH) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(baselineHtml);
      return;
    }
    const send = async () => {
      const target =
        file.startsWith(root) && path.extname(file) ? file : path.join(root, 'index.html');
      try {
        const body = await fs.readFile(target);
        const immutable = target.includes(`${path.sep}assets${path.sep}`);
        response.writeHead(200, {
          'content-type': types[path.extname(target)] ?? 'application/octet-stream',
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
        response.end(body);
      } catch {
        response.writeHead(404).end();
      }
    };
    void send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
