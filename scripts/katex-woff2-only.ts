/**
 * KaTeX's stylesheet names each of its 20 fonts three times (woff2, woff, ttf), and the build
 * would copy all 60 files: 1.1 MB, of which every browser the portal supports (all read woff2)
 * loads only the woff2 third (~300 KB). The other two formats are dropped from the stylesheet
 * before the build resolves its url()s, so they are neither emitted nor served; the woff2 files
 * are precached by the service worker with the app, so math renders offline.
 */
import type { Plugin } from 'vite';

const KATEX_CSS = /[\\/]katex[\\/]dist[\\/]katex(?:\.min)?\.css$/u;
const OLDER_FORMATS = /,\s*url\([^)]*\.(?:woff|ttf)\)\s*format\(["'](?:woff|truetype)["']\)/gu;

export function katexWoff2Only(): Plugin {
  return {
    name: 'portal:katex-woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!KATEX_CSS.test(id)) return null;
      const trimmed = code.replace(OLDER_FORMATS, '');
      // Fail loudly if KaTeX changes its stylesheet's form: 1 MB of fonts would come back silently.
      if (/\.(?:woff|ttf)\)/u.test(trimmed))
        throw new Error('katex-woff2-only: KaTeX CSS still names .woff or .ttf fonts');
      return { code: trimmed, map: null };
    },
  };
}
