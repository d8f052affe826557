/**
 * A request body over its route's limit is answered `413 {message}` only after the body has been
 * read (and thrown away), so the client gets the answer (issue 14 item 6): answering while a
 * browser is still sending makes it see a reset connection instead, with no message at all.
 * Judged by Content-Length before anything is parsed; bodies above DRAIN_MAX_BYTES are refused at
 * once (the connection then closes under them: nothing that large is worth reading). A body sent
 * without a length (chunked) still meets Fastify's own limit while it is parsed. Multipart uploads
 * are streamed by @fastify/multipart under limits of their own (roster-routes.ts, problem-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../contract/messages.ts';

export const DRAIN_MAX_BYTES = 512 * 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export function refuseLargeBodiesPolitely(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const length = Number(request.headers['content-length']);
    if (request.headers['content-type']?.startsWith('multipart/')) {
      done();
      return;
    }
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
    if (!Number.isFinite(length) || length <= limit) {
      done();
      return;
    }
    const refuse = () =>
      reply
        .code(413)
        .send({ message: messages.requestTooLarge.replace('{size}', megabytes(limit)) });
    if (length > DRAIN_MAX_BYTES) {
      reply.header('connection', 'close');
      refuse();
      return;
    }
    request.raw.on('error', () => undefined);
    request.raw.once('end', refuse);
    request.raw.resume();
  });
}
