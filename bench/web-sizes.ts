/**
 * The web app's JavaScript as the build made it (dist/.vite/manifest.json): the gzip size of what
 * / needs before it shows its first screen next to all the JS, and whether CodeMirror, admin code
 * or the statement renderer slipped into that initial set (read from the source maps).
 *
 * The initial set is the entry chunk and the chunks of the / route (the router's code splitting
 * puts its component in a lazy chunk that / always loads before it can render), each with its
 * static imports, recursively. Chunks loaded later on purpose (the toaster after load, the guide
 * dialog on demand, the service worker's helper, the login call on submit) are not in it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
type ViteManifest = Record<string, ManifestChunk>;

export type WebSizes = {
  initialFiles: string[];
  initialGzipKb: number;
  totalGzipKb: number;
  totalFiles: number;
  /** Modules of the initial set that belong in lazy chunks. */
  misplaced: string[];
};

/**
 * CodeMirror, the admin side and the statement renderer (Markdown, KaTeX: issue 31) must stay out
 * of the first download of /.
 */
const LAZY_ONLY = [
  /codemirror/i,
  /features\/(admin-|challenges|roster-upload|users|statement)/,
  /exceljs/,
  /katex|micromark|remark-|rehype-/,
];

/** The source file of the / route; its split chunks have manifest keys like `…/index.tsx?tsr-split=component`. */
const INDEX_ROUTE = 'src/web/routes/index.tsx';

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

function sourcesOf(jsFile: string): string[] {
  const map = `${jsFile}.map`;
  if (!fs.existsSync(map)) return [];
  const parsed = JSON.parse(fs.readFileSync(map, 'utf8')) as { sources?: string[] };
  return parsed.sources ?? [];
}

export function measureWebSizes(distDir: string): WebSizes {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as ViteManifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry chunk');

  const initial = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  const routeKeys = Object.keys(manifest).filter(
    (key) => key === INDEX_ROUTE || key.startsWith(`${INDEX_ROUTE}?`),
  );
  // Without them the figure would leave out the screen itself: fail loudly if the naming changes.
  if (routeKeys.length === 0) throw new Error(`no chunk of ${INDEX_ROUTE} in the Vite manifest`);
  routeKeys.forEach(visit);

  const initialFiles = [...initial].filter((file) => file.endsWith('.js'));
  const allJs = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join('assets', file));
  const sum = (files: string[]) =>
    files.reduce((total, file) => total + gzipKb(path.join(distDir, file)), 0);
  const misplaced = initialFiles.flatMap((file) =>
    sourcesOf(path.join(distDir, file)).filter((source) =>
      LAZY_ONLY.some((pattern) => pattern.test(source)),
    ),
  );
  return {
    initialFiles,
    initialGzipKb: sum(initialFiles),
    totalGzipKb: sum(allJs),
    totalFiles: allJs.length,
    misplaced,
  };
}
