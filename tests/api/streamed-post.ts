/**
 * A POST sent the way a browser uploads a large body: in 64 KiB writes that honour back-pressure,
 * with the answer read while the body may still be going. It tells how the server answered and
 * whether the upload failed under it (a browser then shows "fetch failed" instead of the answer).
 * Used by the tests of bodies over their limit (large-bodies, multipart-too-large).
 */
import http from 'node:http';
import type { TestServer } from './harness.ts';

export const WRITE_BYTES = 64 * 1024;

export type StreamedAnswer = {
  status?: number;
  body?: string;
  /** Why the upload failed (ECONNRESET, EPIPE...), if it did. */
  uploadError?: string;
  /** Bytes written before the upload ended or failed. */
  sent: number;
};

export type StreamedBody = {
  headers: Record<string, string>;
  /** The Content-Length announced. */
  length: number;
  /** The next piece to write, or undefined at the end. */
  next(): Buffer | undefined;
};

/** Resolves once the answer has been read and the upload has finished or failed. */
export function streamedPost(
  server: TestServer,
  path: string,
  body: StreamedBody,
): Promise<StreamedAnswer> {
  const url = new URL(server.url + path);
  return new Promise<StreamedAnswer>((resolve) => {
    const answer: StreamedAnswer = { sent: 0 };
    let pending = 2; // the answer read, and the upload finished or failed
    const settle = () => {
      if (--pending === 0) resolve(answer);
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...body.headers, 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          Object.assign(answer, { status: res.statusCode, body: text });
          settle();
        });
        res.on('error', (e) => {
          answer.uploadError ??= e.message;
          settle();
        });
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => {
      answer.uploadError = e.code ?? e.message;
      settle();
      if (answer.status === undefined) settle(); // no answer will come
    });
    req.on('finish', settle);
    // A server that neither answers nor reads on is a failure too, not a hung test.
    req.setTimeout(30_000, () => req.destroy(new Error('no answer and no reading for 30 s')));
    const step = () => {
      for (;;) {
        if (req.destroyed) return;
        const chunk = body.next();
        if (!chunk) return void req.end();
        answer.sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', step);
      }
    };
    step();
  });
}

/** A whole body (JSON text, say) in WRITE_BYTES pieces. */
export function bodyOf(text: string, headers: Record<string, string>): StreamedBody {
  const bytes = Buffer.from(text);
  let at = 0;
  return {
    headers,
    length: bytes.length,
    next: () => {
      if (at >= bytes.length) return undefined;
      const piece = bytes.subarray(at, at + WRITE_BYTES);
      at += WRITE_BYTES;
      return piece;
    },
  };
}
