/**
 * Imported first by main.tsx. zod compiles object parsers with `new Function` when it can, and
 * finds out whether it can by trying once, which the page's CSP (script-src 'self', no
 * 'unsafe-eval') reports as a violation in the browser's Issues panel (Lighthouse's best
 * practices count it). Parsing without the compiled fast path is plenty fast for the page's few
 * parses. It must run before any schema is built, so it is its own module, evaluated first.
 *
 * zod keeps its settings in `globalThis.__zod_globalConfig` (so that several copies of it share
 * them) and takes an object found there. Setting it here, rather than calling zod's `config()`,
 * keeps zod out of the first screen's JavaScript: zod loads only with the first call to the
 * server (issue 16). zod-jitless.test.ts checks that zod still reads the setting from there.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// The object itself, not a copy: a zod that loaded first holds it and reads it at each parse.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
