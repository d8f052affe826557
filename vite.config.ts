import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

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

// The web app is built into dist/, which the Fastify server serves with an SPA fallback.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    // The service worker is our own (sw/), built by the plugin with the precache list injected,
    // and registered by src/web/lib/sw-bridge.ts, which asks before an update takes over.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webManifest,
      injectManifest: {
        rollupFormat: 'es',
        // svg and webmanifest are added by the plugin itself (listing them again is an error).
        // Template.csv is the static copy of the roster template the worker falls back to.
        globPatterns: ['**/*.{js,css,html,woff2,png,ico}', 'Template.csv'],
        // The guide video (~200 KB) is fetched when the guide opens, not precached: it would
        // add about as much again to every student's first download, for a page few open offline.
        // exceljs (~0.9 MB) only reads rosters on the admin page, which needs the network to
        // upload anyway: students should not download it.
        globIgnores: ['**/guide/**', '**/assets/exceljs*'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the bench reads which chunks / loads up front.
    manifest: true,
  },
  server: {
    // `npm run dev:web` talks to the API started by `npm run dev:server`.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
