/**
 * The Safe Exam Browser rule. SEB's developer documentation ("Config Key", section "Checking the
 * Config Key which SEB clients send with HTTP requests"): with "Use Browser & Config Keys (send in
 * HTTP header)" on, SEB adds X-SafeExamBrowser-ConfigKeyHash to every request it makes, whose
 * value is the Base16 SHA-256 of the request's absolute URL without its fragment, as a UTF-8
 * string, followed by the Config Key (the 64-character Base16 key of the configuration). The
 * server computes the same from the URL the browser sent the request to and the key the teacher
 * stored, and compares.
 *
 * The absolute URL is rebuilt from the request: scheme and host as the browser used them, which
 * behind a reverse proxy are X-Forwarded-Proto and X-Forwarded-Host, read by Fastify only from a
 * proxy that TRUST_PROXY trusts; then the path and query exactly as sent (request.url), never
 * re-encoded, since the hash is over the browser's own spelling. A browser never sends a
 * fragment, so there is none to remove.
 *
 * SEB for macOS and iOS with the modern WebView (WKWebView) cannot send this header (the
 * documentation says so): such a set-up needs SEB's classic WebView for this portal.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SEB_CONFIG_KEY_HASH_HEADER } from '../../../contract/access-rules.ts';

/** The absolute URL the browser sent this request to, as SEB hashed it. */
export function requestUrl(request: Pick<FastifyRequest, 'protocol' | 'host' | 'url'>): string {
  return `${request.protocol}://${request.host}${request.url}`;
}

/** Base16 SHA-256 of the URL (fragment removed) followed by the Config Key. */
export function configKeyHash(absoluteUrl: string, configKey: string): string {
  const hashAt = absoluteUrl.indexOf('#');
  const url = hashAt === -1 ? absoluteUrl : absoluteUrl.slice(0, hashAt);
  return crypto
    .createHash('sha256')
    .update(url + configKey, 'utf8')
    .digest('hex');
}

export type SebVerdict = 'ok' | 'missing' | 'wrong';

/** Whether the request carries the hash of its own URL for this Config Key. */
export function checkSebHeader(
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'url' | 'headers'>,
  configKey: string,
): SebVerdict {
  const sent = request.headers[SEB_CONFIG_KEY_HASH_HEADER];
  if (typeof sent !== 'string' || sent.trim() === '') return 'missing';
  const expected = Buffer.from(configKeyHash(requestUrl(request), configKey), 'utf8');
  const given = Buffer.from(sent.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
    ? 'ok'
    : 'wrong';
}
