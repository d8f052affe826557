import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

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
    // The service worker is our own (sw/), built by the plugin with the precache list injected.
    // It is not registered yet: registration comes with the update prompt (the PWA issue), so
    // that a deploy can never swap a student's cached chunks mid-test.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'es',
        // The guide video is fetched when the guide opens, not precached: it would double the
        // first download for every student.
        globPatterns: ['**/*.{js,css,html,woff2,png,ico}'],
        globIgnores: ['**/guide/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev:web` talks to the API started by `npm run dev:server`.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
