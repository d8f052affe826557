/**
 * A weak ETag for a JSON answer, so a teacher's screen polling the results every few seconds gets
 * `304 Not Modified` and no body while nothing changed. Weak because compression may re-encode
 * the bytes; the meaning is the same.
 */
import crypto from 'node:crypto';

export function etagOf(value: unknown): string {
  const hash = crypto.createHash('sha1').update(JSON.stringify(value)).digest('base64url');
  return `W/"${hash}"`;
}

/** Whether If-None-Match (one tag, a list, or *) names this tag, compared weakly (RFC 9110). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
