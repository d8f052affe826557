/**
 * What Fastify's close() leaves to us. Node closes the idle keep-alive connections once, when
 * close starts; a response that finishes after that leaves its connection open until the
 * keep-alive timeout (72 s in Fastify), and server.close() waits for it. A long poll would
 * likewise hold the close for its whole wait. So: once close has begun, every finished response
 * ends its connection, and `begun` tells long polls to answer now.
 */
import type { FastifyInstance } from 'fastify';

export type GracefulClose = {
  /** Settles when the server starts closing. */
  begun: Promise<void>;
};

export function registerGracefulClose(app: FastifyInstance): GracefulClose {
  let closing = false;
  let markBegun = () => {};
  const begun = new Promise<void>((resolve) => {
    markBegun = resolve;
  });
  app.addHook('preClose', async () => {
    closing = true;
    markBegun();
  });
  app.addHook('onSend', async (_request, reply) => {
    // Headers not sent yet: the client learns the connection ends with this response.
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request) => {
    // Headers sent before close began: end the connection ourselves (after its data is written).
    if (closing) request.raw.socket.end();
  });
  return { begun };
}
