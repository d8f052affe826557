/**
 * Serves the built PWA from dist/ with an SPA fallback: a deep link such as /challenges/X gets
 * index.html, while an unknown /api path gets a JSON 404. The build prerenders the first screen
 * of / into index.html and that of /admin into admin.html (scripts/prerender-plugin.ts), so
 * /admin gets its own page; every other path gets index.html, whose inline script hides the
 * student card there until the app has drawn the right screen.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages } from '../contract/messages.ts';

export async function registerStaticFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasBuild = fs.existsSync(path.join(staticDir, 'index.html'));
  // A build older than the prerendered pages has no admin.html: index.html serves /admin too.
  const hasAdminPage = fs.existsSync(path.join(staticDir, 'admin.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      // Look files up per request (not a list made at start), so a rebuild under a running
      // server serves its new assets.
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies (scripts/precompress-plugin.ts): sent as they are,
      // with no compression per request; a file without them is compressed on the fly.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything in assets/, so it can be cached for good; the rest
        // (index.html, the service worker, the manifest) must be revalidated to pick up a deploy.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (url.startsWith('/api/') || url === '/api' || !wantsPage) {
      return reply.code(404).send({ message: messages.notFound });
    }
    // A browser navigation asks for HTML: it gets the app, even for a test code like CS.101.
    // A missing script, image or other file is a real 404, not a page.
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const looksLikeFile = url.startsWith('/assets/') || (path.extname(url) !== '' && !wantsHtml);
    if (looksLikeFile || !hasBuild) {
      return reply.code(404).send({
        message: hasBuild
          ? messages.notFound
          : 'The web app is not built yet: run `npm run build`.',
      });
    }
    const page = url === '/admin' && hasAdminPage ? 'admin.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });

  if (hasBuild) {
    app.get('/', (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
}
