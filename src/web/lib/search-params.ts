/**
 * Search parameters for routes whose own schema lives in a lazy chunk. A route's options (and so
 * its validateSearch) are part of the first download of every page; importing a feature's zod
 * schema there would put the full zod library, and the admin feature, in front of the student's
 * first screen. Such routes keep only the text values of their keys here, and the lazy page
 * applies the feature's schema itself.
 */
export function textParams<K extends string>(
  search: Partial<Record<K, unknown>>,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const kept: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = search[key];
    if (typeof value === 'string') kept[key] = value;
  }
  return kept;
}
