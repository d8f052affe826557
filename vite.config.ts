import { defineConfig, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { prerenderFirstScreens } from './scripts/prerender-plugin.ts';
import { routeChunkFiles } from './scripts/route-chunks.ts';
import { firstScreenChunk } from './scripts/first-screen-chunk.ts';
import { precompressBuild } from './scripts/precompress-plugin.ts';
import { katexWoff2Only } from './scripts/katex-woff2-only.ts';

const firstScreen = firstScreenChunk('src/web/routes/index.tsx');

// The install manifest (manifest.webmanifest). The colours are the light theme's page background
// (--color-bg in src/web/app/styles/base.css); index.html adds a dark theme-color for dark systems.
const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Campus Coding Assessment Portal',
  short_name: 'Assessment',
  description: 'Sign in, enter your test code and solve the challenge.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#f4f6f9',
  background_color: '#f4f6f9',
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * Adds `modulepreload` hints for the chunks of the / route to index.html. The router loads that
 * route's component (a lazy chunk) only after the entry has run, a second round trip on a slow
 * lab network; with the hints the browser fetches it alongside the entry. index.html serves every
 * path, so other pages fetch these few KB too, but / is where nearly every visit starts.
 */
function preloadStudentRoute(): Plugin {
  return {
    name: 'portal:preload-student-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const { scripts, styles } = routeChunkFiles(bundle, 'src/web/routes/index.tsx');
        const link = (rel: string, file: string) => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        });
        // The route's styles as well: the chunk would only add them once it has run. (The
        // prerender plugin then inlines every stylesheet of the page.)
        const tags = [
          ...styles.map((file) => link('stylesheet', file)),
          ...scripts.map((file) => link('modulepreload', file)),
        ].filter((tag) => !html.includes(`/${tag.attrs.href.slice(1)}"`));
        return { html, tags };
      },
    },
  };
}

// The app's own plugins, also used by the prerender of the first screens to compile them.
const appPlugins = (): PluginOption[] => [
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/web/routes',
    generatedRouteTree: './src/web/routeTree.gen.ts',
    quoteStyle: 'single',
  }),
  react(),
];

// The web app is built into dist/, which the Fastify server serves with an SPA fallback.
export default defineConfig({
  plugins: [
    ...appPlugins(),
    // The statement renderer's math fonts (features/statement): woff2 only.
    katexWoff2Only(),
    preloadStudentRoute(),
    firstScreen.plugin,
    // The student card of / and the admin sign-in of /admin, rendered into the built HTML.
    prerenderFirstScreens(appPlugins),
    // The service worker is our own (sw/), built by the plugin with the precache list injected,
    // and registered by src/web/lib/sw-bridge.ts, which asks before an update takes over.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webManifest,
      // The tab icon (index.html's <link rel="icon">), offline too; the header draws it inline.
      includeAssets: ['favicon.svg'],
      injectManifest: {
        rollupFormat: 'es',
        // svg and webmanifest are added by the plugin itself (listing them again is an error).
        // Template.csv and Template.xlsx are the static copies of the roster template the worker
        // falls back to offline (the .xlsx adds 6.7 KB, already zipped, to the precache).
        globPatterns: ['**/*.{js,css,html,woff2,png,ico}', 'Template.csv', 'Template.xlsx'],
        // The guide video (~200 KB) is fetched when the guide opens, not precached: it would
        // add about as much again to every student's first download, for a page few open offline.
        // exceljs (~0.9 MB) only reads rosters on the admin page, which needs the network to
        // upload anyway: students should not download it.
        globIgnores: ['**/guide/**', '**/assets/exceljs*'],
      },
      devOptions: { enabled: false },
    }),
    // Last: brotli and gzip copies of everything above, sent as they are by the server.
    precompressBuild(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the bench reads which chunks / loads up front.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, the router and the small libraries every page needs in one chunk, instead of
          // a handful of small shared ones: each file costs a request and compresses worse alone.
          // Only the router's packages of @tanstack: the virtual list (tables of the dashboard)
          // put 4 KB gzip into the first download of / when the group took all of @tanstack.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|use-sync-external-store|zustand|idb-keyval)[\\/]/,
              priority: 2,
            },
            // The rest of the code the first screen of / runs (scripts/first-screen-chunk.ts).
            { name: 'first-screen', test: firstScreen.test, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev:web` talks to the API started by `npm run dev:server`.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
