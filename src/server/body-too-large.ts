/**
 * A request body the server will not read is answered only after the body has been received (and
 * thrown away), so the client gets the answer (issue 14 item 6, issue 15 item 9): answering while
 * a browser is still sending makes it see a reset connection instead ("fetch failed"), with no
 * message at all.
 * - A body over its route's limit is judged by Content-Length before anything is parsed and
 *   answered `413 {message}` once it has been read. Bodies above DRAIN_MAX_BYTES are refused at
 *   once (the connection then closes under them: nothing that large is worth reading). A body sent
 *   without a length (chunked) still meets Fastify's own limit while it is parsed.
 * - Multipart uploads are streamed by @fastify/multipart under limits of their own (roster-routes,
 *   test-data-routes, problem-routes): a route that refuses one (a file over its size, too many
 *   parts) answers while the rest is still on its way, and the parser stops reading it. So every
 *   answer whose request body has not all arrived waits, in onSend (before any header is written),
 *   until the rest has been read and discarded: up to DRAIN_MAX_BYTES, and while the client keeps
 *   sending (DRAIN_IDLE_MS without a byte ends the wait). Past either, the answer goes out with
 *   `Connection: close`, as the only honest thing left.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../contract/messages.ts';

export const DRAIN_MAX_BYTES = 512 * 1024 * 1024;
/** How long a client that stopped sending in the middle of a body is waited for. */
export const DRAIN_IDLE_MS = 30_000;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Reads and discards what is left of the request's body, so the answer can follow it. Settles
 * when the body has ended or the connection closed, or (having set `Connection: close`) when the
 * body passes DRAIN_MAX_BYTES or stalls for DRAIN_IDLE_MS.
 */
export function drainRequestBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > DRAIN_MAX_BYTES) {
    reply.header('connection', 'close');
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let drained = 0;
    let idle: NodeJS.Timeout | undefined;
    const finish = (closeAfter: boolean) => {
      clearTimeout(idle);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onEnd);
      if (closeAfter) {
        reply.header('connection', 'close');
        raw.pause();
      }
      resolve();
    };
    const waitForMore = () => {
      clearTimeout(idle);
      idle = setTimeout(() => finish(true), DRAIN_IDLE_MS);
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_MAX_BYTES) finish(true);
      else waitForMore();
    };
    const onEnd = () => finish(false);
    raw.on('error', () => undefined);
    // Whatever still parses the body (the multipart reader) is done with it: detach it.
    raw.unpipe();
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onEnd);
    waitForMore();
    raw.resume();
  });
}

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
  // An answer to a request whose body is still arriving (an upload refused part-way, a guard's
  // 401 before the body was looked at) waits for the rest of it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete && !request.raw.destroyed) await drainRequestBody(request, reply);
    return payload;
  });
}
