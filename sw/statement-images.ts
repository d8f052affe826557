/**
 * The images of a statement, kept once seen, so a statement shows its images with the network
 * gone (issue 31 item 4): the compiler page fetches each by its content hash, and an address
 * that names its bytes by their hash never changes meaning, so the first answer is the answer
 * for good (cache first, no revalidation). Unlike the rest of /api, which always goes to the
 * network, this cannot go stale.
 *
 * The worker cannot check a compiler token offline, so an image is answered from the cache only
 * to a request that carries one, as the compiler page's do; a plain visit of the address goes to
 * the network (and is refused there without a token). The cache keeps the newest
 * MAX_STATEMENT_IMAGES; older ones go first.
 */
import { STATEMENT_IMAGE_PATH_PATTERN } from '../src/contract/challenge-images.ts';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

export const STATEMENT_IMAGES_CACHE = 'portal-statement-images';
/** 20 images per challenge at most: the statements of about ten exams. */
const MAX_STATEMENT_IMAGES = 200;

async function trimStatementImages(): Promise<void> {
  const cache = await caches.open(STATEMENT_IMAGES_CACHE);
  const keys = await cache.keys(); // oldest first: the order they were put in
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_STATEMENT_IMAGES)))
    await cache.delete(request);
}

export function registerStatementImages(): void {
  registerRoute(
    ({ url, sameOrigin, request }) =>
      sameOrigin &&
      STATEMENT_IMAGE_PATH_PATTERN.test(url.pathname) &&
      request.headers.has('authorization'),
    // Workbox stores only complete 200 answers: a refusal (401, 404) is never kept.
    new CacheFirst({
      cacheName: STATEMENT_IMAGES_CACHE,
      plugins: [{ cacheDidUpdate: trimStatementImages }],
    }),
  );
}
