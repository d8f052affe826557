/**
 * GET /api/compiler/challenge/:challengeId/images/:sha256 (issue 31 item 4): an image of the
 * statement, for the compiler page, behind the compiler's guard (compiler token and application
 * key) like the statement itself, and only to a student who has opened the challenge.
 *
 * The address names the bytes by their hash, so they never change under it: browsers and the
 * service worker (sw/routes.ts) may keep them for good. `private`: what a student's token opened
 * is no shared cache's to keep. The type is the one read from the bytes at upload, with nosniff.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statementImageParamsSchema, statementImagePath } from '../../contract/challenge-images.ts';
import { messages } from '../../contract/messages.ts';
import { compilerUser, type CompilerGuard } from '../compiler/compiler-guard.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http-error.ts';
import { readTestData } from '../test-data/test-data-queries.ts';
import { findStatementImage } from './challenge-image-queries.ts';

type Deps = { db: Db; guard: CompilerGuard };

/** A year: the longest lifetime caches are asked to honour (RFC 9111 §5.2.2.1). */
const FOREVER_SECONDS = 365 * 24 * 60 * 60;

export const statementImageRoute: FastifyPluginAsyncZod<Deps> = async (app, { db, guard }) => {
  app.get(
    statementImagePath,
    { onRequest: guard, compress: false, schema: { params: statementImageParamsSchema } },
    async (request, reply) => {
      const user = compilerUser(request);
      const { challengeId, sha256 } = request.params;
      const notFound = () => new HttpError(404, messages.statementImageNotFound);
      const image = await findStatementImage(db, user.sub, challengeId, sha256);
      if (!image) throw notFound();
      const data = await readTestData(db, sha256);
      if (!data) throw notFound();
      return reply
        .header('content-type', image.mediaType)
        .header('content-length', String(data.size))
        .header('cache-control', `private, max-age=${FOREVER_SECONDS}, immutable`)
        .header('etag', `"${sha256}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(data.chunks));
    },
  );
};
