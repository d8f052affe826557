/**
 * A weak ETag for a JSON answer, so a teacher's screen polling the results every few seconds gets
 * `304 Not Modified` and no body while nothing changed. Weak because compression may re-encode
 * the bytes; the meaning is the same.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const tagOf = (json: string) => `W/"${crypto.createHash('sha1').update(json).digest('base64url')}"`;

/** Whether If-None-Match (one tag, a list, or *) names this tag, compared weakly (RFC 9110). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Answers a polled view: its ETag, then 304 and no body when If-None-Match names it, or else
 * `body` with `generatedAt` first (outside the tag: it changes on every answer). The JSON is
 * written once, for the tag and the answer alike, and sent as it is, so the route's response
 * schema is checked where the caller builds `body` (its type), not walked and copied again per
 * request: zod's encode of a 50-row exam matrix allocated a third of the request's memory, and
 * the garbage's major collections were the page's slowest answers (bench/exams.ts).
 */
export function sendPolled(
  request: FastifyRequest,
  reply: FastifyReply,
  body: object,
): FastifyReply {
  const json = JSON.stringify(body);
  const etag = tagOf(json);
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
  const generatedAt = JSON.stringify(new Date().toISOString());
  const rest = json.length > 2 ? `,${json.slice(1)}` : '}';
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(`{"generatedAt":${generatedAt}${rest}`);
}
