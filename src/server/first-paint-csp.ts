/**
 * The Content-Security-Policy source that allows the built pages' one inline script (the colour
 * mode and prerender check that must run before the first paint, src/contract/first-paint.ts),
 * and no other inline script.
 */
import { createHash } from 'node:crypto';
import { FIRST_PAINT_SCRIPT } from '../contract/first-paint.ts';

export function firstPaintScriptSource(): string {
  return `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;
}
