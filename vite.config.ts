import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API server serves dist/ and answers /public/api, /version.json and the
// manifest (its name, colours and icons come from settings). In `npm run dev`
// Vite proxies those paths to the API server.
const apiTarget = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Only turning on push loads Firebase, and that needs the network anyway.
        globIgnores: ['**/firebase-*.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: 'build-manifest.json',
    // Every browser with service workers supports <link rel=modulepreload>;
    // the polyfill would only cost the first route bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first route needs in one file: gzip then shares one
          // dictionary across React, the router, Dexie and our shell (about
          // 3.5 kB less than the four files it otherwise splits into). The
          // group takes the entry and, recursively, its static imports only;
          // lazy screens stay in their own chunks.
          groups: [
            { name: 'first-route', test: /src[\\/]main\.tsx$/ },
            // Push setup's Firebase, named so the precache can leave it out (below).
            { name: 'firebase', test: /node_modules[\\/](?:@?firebase|idb)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/public/api': apiTarget,
      '/public/images': apiTarget,
      '/version.json': apiTarget,
      '/manifest.webmanifest': apiTarget,
      '/docs': apiTarget,
    },
  },
});
