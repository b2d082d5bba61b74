import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { routePreloads } from './build/route-preloads.ts';
import { EARLY_SYNC_WORKER_GLOBAL, earlySyncWorkerName } from './src/lib/early-sync-worker.ts';

// The API server serves dist/ and answers /public/api, /version.json and the
// manifest (its name, colours and icons come from settings). In `npm run dev`
// Vite proxies those paths to the API server.
const apiTarget = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';

/**
 * Dexie's package entry wraps its ES5 UMD build (dist/dexie.js); its ES2018+
 * module build is the same Dexie in 1.7 kB less gzipped on the first route
 * (and less in the sync worker). Every import of 'dexie' (ours and
 * dexie-react-hooks') resolves here, so there is still one Dexie; the unit
 * tests (vitest.config.ts) use it too.
 */
export const DEXIE_MODULE_BUILD = {
  find: /^dexie$/,
  replacement: fileURLToPath(new URL('./node_modules/dexie/dist/modern/dexie.mjs', import.meta.url)),
};

/**
 * The built-in English texts' fingerprint: the worker rewrites its stored copy
 * only when it changes. The texts live by area (src/api/<area>/texts.ts and
 * src/api/language/), merged in language/texts.ts: every such file counts.
 */
function builtInTextsVersion(): string {
  const files = readdirSync('src/api', { recursive: true, encoding: 'utf8' })
    .filter((file) => /(?:^|[/\\])(?:[\w-]*-)?texts\.ts$/.test(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(`src/api/${file}`));
  return hash.digest('hex').slice(0, 16);
}

/** The build's text files the server sends compressed (source maps stay as they are: only devtools read them). */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9)
 * beside every text file of the build, the service worker and the sync
 * worker's chunk included, once everything else (vite-plugin-pwa's sw.js)
 * is written. The server (server/routes/static-files.ts) sends them as they
 * are to a browser that accepts them: the best compression, none of it at
 * request time.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'foodpilot-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !PRECOMPRESSED.test(entry.name)) continue;
          const file = join(entry.parentPath, entry.name);
          const body = readFileSync(file);
          writeFileSync(`${file}.br`, brotliCompressSync(body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }));
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Starts the sync worker from the document itself, while the first route's
 * script is still on the wire: a classic inline script in <head> creates it
 * from its built file, and src/lib/worker-bridge.ts adopts it. Started from
 * the app's own script, the worker (68 kB on the wire, then its own
 * evaluation) waited for that script to arrive and run first; on slow 4G
 * those are one after the other on the way to the first paint, since a first
 * visit paints only once the worker has the built-in texts and the
 * server's settings. The worker it starts also begins a first visit's boot
 * at once, and on a store's page that store's fetch (it is told the page's
 * path in its name), without waiting for the page to ask.
 * The server's CSP allows the script by its hash, like the pre-boot one.
 */
export function startSyncWorkerEarly(): Plugin {
  let base = '/';
  return {
    name: 'foodpilot-early-sync-worker',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const workerFile = Object.keys(context.bundle ?? {}).find((fileName) => /(?:^|\/)sync-worker-[\w-]+\.js$/.test(fileName));
        if (!workerFile) throw new Error('startSyncWorkerEarly: the build has no sync-worker chunk');
        const url = JSON.stringify(`${base}${workerFile}`);
        return [
          {
            tag: 'script',
            // Before the style sheet's <link>: a classic script after it would wait for the sheet.
            injectTo: 'head-prepend',
            children:
              `if(!/[?&]offline=/.test(location.search))try{window.${EARLY_SYNC_WORKER_GLOBAL}=` +
              // earlySyncWorkerName(location.pathname): the worker reads the page's path from its name.
              `new Worker(${url},{type:'module',name:${JSON.stringify(earlySyncWorkerName(''))}+location.pathname})}catch(e){}`,
          },
        ];
      },
    },
  };
}

/** The shared UI pieces and helpers the lazy screens use (vite's codeSplitting 'screen-kit' group). */
const SCREEN_KIT = /[\\/]src[\\/](?:ui|lib)[\\/]/;
/**
 * Pieces of what every page or the mobile home loads before its first paint
 * (the prompt dock's height property, the location bar's GPS): in the kit,
 * every first visit would download all of it. The first-route-weight bench
 * fails when one is missing here.
 */
const KEPT_OUT_OF_SCREEN_KIT = /[\\/]src[\\/](?:ui[\\/]height-property|lib[\\/]gps)\.ts$/;

export default defineConfig({
  define: { __BUILT_IN_TEXTS_VERSION__: JSON.stringify(builtInTextsVersion()) },
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
    startSyncWorkerEarly(),
    routePreloads({
      routeTable: 'src/app/more-routes.tsx',
      screens: 'src/app/screens.ts',
      // With every screen (src/app/AppChrome.tsx): the prompt dock, whose cookie notice is the largest paint of many, and the
      // install offer it shows where the browser offers one; the session notices.
      withEveryScreen: ['src/features/prompts/PromptDock.tsx', 'src/features/prompts/InstallOffer.tsx', 'src/features/account/SessionGate.tsx'],
    }),
    precompress(),
  ],
  resolve: { alias: [DEXIE_MODULE_BUILD] },
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
            // The small shared pieces of the screens (forms, their error words, the screen frame, the session
            // hooks…) in one chunk: a screen came in 10 to 20 files of a few hundred bytes each, and over
            // HTTP/1.1's six connections on slow 4G every six of them cost one more round trip.
            { name: 'screen-kit', test: (id) => SCREEN_KIT.test(id) && !KEPT_OUT_OF_SCREEN_KIT.test(id), minShareCount: 2 },
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
