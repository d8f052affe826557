/**
 * Imported first by main.tsx. zod compiles object parsers with `new Function` when it can, and
 * finds out whether it can by trying once, which the page's CSP (script-src 'self', no
 * 'unsafe-eval') reports as a violation in the browser's Issues panel (Lighthouse's best
 * practices count it). Parsing without the compiled fast path is plenty fast for the page's few
 * parses. It must run before any schema is built, so it is its own module, evaluated first.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
