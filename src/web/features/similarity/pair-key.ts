/** A pair in the address (`pair=<id>~<id>`, dash-views.ts) and back. */
export const pairKey = (a: string, b: string): string => `${a}~${b}`;

export function parsePairKey(key: string): { a: string; b: string } | undefined {
  const [a, b, ...rest] = key.split('~');
  return a && b && rest.length === 0 ? { a, b } : undefined;
}
