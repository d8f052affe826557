/**
 * Vite plugin: writes the first screens a visitor can land on into the built HTML, so a cold
 * browser paints them before any script has loaded (issue 16). The student card of / goes into
 * index.html and the administrator's sign-in of /admin into admin.html (the server and the
 * service worker answer /admin with it). Each page also gets:
 *
 * - the rules of the app's stylesheets that the prerendered screen uses, inline (a <style>: a
 *   render-blocking <link> would cost a round trip before the first paint on a slow lab network),
 *   picked by beasties against the screen's markup; the whole stylesheets are linked at the end of
 *   <body>, where they block no paint and arrive long before the app's JavaScript (the rest of the
 *   app's screens need them). Styling the first paint with 9.5 KB of rules instead of all 14.5 KB
 *   moved it from about 1.8x to 1.5x the script-less baseline's in the web bench;
 * - the inline first-paint script (src/contract/first-paint.ts): colour mode before the first
 *   paint, and the prerendered screen hidden when this visit must show another;
 * - data-prerendered on <html>, naming the path whose screen it holds (main.tsx hydrates only then).
 *
 * The screens are rendered by the app's own code (src/web/prerender/render-first-screen.tsx),
 * loaded through a Vite server in middleware mode, never by a hand-kept copy of the markup.
 */
import os from 'node:os';
import path from 'node:path';
import Beasties from 'beasties';
import { createServer, type Plugin, type PluginOption, type Rolldown } from 'vite';
import { FIRST_PAINT_SCRIPT, PRERENDERED_ATTRIBUTE } from '../src/contract/first-paint.ts';
import { routeChunkFiles } from './route-chunks.ts';

type Page = { path: string; file: string; routeModule: string };

const PAGES: Page[] = [
  { path: '/', file: 'index.html', routeModule: 'src/web/routes/index.tsx' },
  { path: '/admin', file: 'admin.html', routeModule: 'src/web/routes/admin.tsx' },
];
const RENDER_MODULE = '/src/web/prerender/render-first-screen.tsx';

type RenderModule = { renderFirstScreen(path: string): Promise<string> };

function isRenderModule(value: Record<string, unknown>): value is RenderModule {
  return typeof value.renderFirstScreen === 'function';
}

/**
 * Renders each page's screen in Node. `plugins` are the app's own (the router's code generation
 * and React): the screens are compiled as for the browser. The router reads whether it runs on a
 * server from `@tanstack/router-core/isServer`, resolved by Node's "node" condition: it then
 * renders what its server rendering renders, which main.tsx tells the browser's router to match.
 */
async function renderScreens(root: string, plugins: PluginOption[]): Promise<Map<string, string>> {
  const server = await createServer({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'warn',
    plugins,
    // Its own cache folder: node_modules may be shared with other checkouts.
    cacheDir: path.join(os.tmpdir(), 'portal-prerender-vite'),
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    // Through Vite rather than Node, so the router sees the same React and the same build mode.
    ssr: { noExternal: [/^@tanstack\//] },
  });
  try {
    const loaded = await server.ssrLoadModule(RENDER_MODULE);
    if (!isRenderModule(loaded)) throw new Error(`${RENDER_MODULE} has no renderFirstScreen`);
    const screens = new Map<string, string>();
    for (const page of PAGES) screens.set(page.path, await loaded.renderFirstScreen(page.path));
    return screens;
  } finally {
    await server.close();
  }
}

/** React puts the <link rel="preload"> of the screen's images first: they belong in <head>. */
function splitHoisted(markup: string): { head: string; body: string } {
  const hoisted = /^(?:<link [^>]*\/>)+/.exec(markup)?.[0] ?? '';
  return { head: hoisted, body: markup.slice(hoisted.length) };
}

function assetText(bundle: Rolldown.OutputBundle, fileName: string): string {
  const asset = bundle[fileName];
  if (!asset || asset.type !== 'asset') throw new Error(`prerender: no asset ${fileName}`);
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
}

/**
 * Rules kept whatever the prerendered markup: the first-paint script sets these attributes on
 * <html> before the first paint (colour mode, a screen that must not show, the app starting), and
 * the dark colours are chosen by them or by the system's setting.
 */
const ALWAYS_KEPT = [
  /\[data-theme/u,
  /\[data-prerender-stale/u,
  /\[data-app-starting/u,
  /prefers-color-scheme/u,
  /prefers-reduced-motion/u,
];

/** Beasties reading the stylesheets from the bundle being written rather than from disk. */
class BundleBeasties extends Beasties {
  constructor(
    private readonly bundle: Rolldown.OutputBundle,
    private readonly outDir: string,
  ) {
    super({
      path: outDir,
      publicPath: '/',
      preload: 'body', // the whole sheets at the end of <body>: no script, so no CSP change
      pruneSource: false, // the files stay whole for the screens that follow
      reduceInlineStyles: false,
      inlineFonts: false,
      compress: true,
      logLevel: 'warn',
      allowRules: ALWAYS_KEPT,
    });
  }

  override readFile(filename: string): string {
    return assetText(this.bundle, path.relative(this.outDir, filename).split(path.sep).join('/'));
  }
}

async function buildPage(
  template: string,
  page: Page,
  screen: string,
  bundle: Rolldown.OutputBundle,
  outDir: string,
): Promise<string> {
  const { head, body } = splitHoisted(screen);
  const route = routeChunkFiles(bundle, page.routeModule);
  const missingPreloads = route.scripts
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  const routeStyles = route.styles.filter((file) => !template.includes(`/${file}"`));
  const styleLink = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;
  let html = template
    .replace('<html lang="en">', `<html lang="en" ${PRERENDERED_ATTRIBUTE}="${page.path}">`)
    .replace(
      '<meta charset="UTF-8" />',
      `<meta charset="UTF-8" /><script>${FIRST_PAINT_SCRIPT}</script>`,
    )
    .replace('</head>', `${routeStyles.map(styleLink).join('')}${missingPreloads}${head}</head>`);
  const emptyRoot = '<div id="root"></div>';
  if (!html.includes(emptyRoot)) throw new Error('prerender: index.html has no empty #root');
  html = html.replace(emptyRoot, `<div id="root">${body}</div>`);
  return new BundleBeasties(bundle, outDir).process(html);
}

export function prerenderFirstScreens(appPlugins: () => PluginOption[]): Plugin {
  let root = process.cwd();
  let outDir = path.resolve('dist');
  return {
    name: 'portal:prerender-first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        // Only the app's own build has index.html (not the service worker's).
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const template = assetText(bundle, 'index.html');
        const screens = await renderScreens(root, appPlugins());
        for (const page of PAGES) {
          const screen = screens.get(page.path);
          if (screen === undefined) throw new Error(`prerender: nothing rendered for ${page.path}`);
          const html = await buildPage(template, page, screen, bundle, outDir);
          if (page.file === 'index.html') index.source = html;
          else this.emitFile({ type: 'asset', fileName: page.file, source: html });
        }
      },
    },
  };
}
