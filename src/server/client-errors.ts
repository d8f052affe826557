/**
 * What Fastify and Node answer before any route runs, reworded as every other error is:
 * `{message}` (issue 15 item 9). A bad escape in the URL (`/%ZZ`) is a 400; a request line or
 * headers over Node's limit are 414 or 431, written on the socket, which then keeps reading what
 * the client still sends for a moment: closing at once would make a browser see a reset
 * connection instead of the answer.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../contract/messages.ts';

/** How long a refused connection keeps reading before it is closed. */
const LINGER_MS = 2000;

export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message = error.code === 'FST_ERR_BAD_URL' ? messages.badUrl : messages.badRequest;
  void reply.code(400).send({ message });
}

/** What the parser had read: a Buffer at run time, typed as its JSON form by Fastify. */
const rawPacketOf = (error: Pick<ConnectionError, 'rawPacket'>): Buffer =>
  Buffer.isBuffer(error.rawPacket)
    ? error.rawPacket
    : Buffer.from((error.rawPacket as ConnectionError['rawPacket'] | undefined)?.data ?? []);

/** 414 when the request line alone is over the limit, 431 for headers, 408, else 400. */
export function clientErrorAnswer(error: Pick<ConnectionError, 'code' | 'rawPacket'>): {
  status: number;
  message: string;
} {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: messages.timeout };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const firstLineEnds = rawPacketOf(error).indexOf('\r\n');
    return firstLineEnds === -1 || firstLineEnds > 8 * 1024
      ? { status: 414, message: messages.urlTooLong }
      : { status: 431, message: messages.headersTooLarge };
  }
  return { status: 400, message: messages.badRequest };
}

export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = clientErrorAnswer(error);
  const body = JSON.stringify({ message });
  if (socket.writable)
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.on('data', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
