/**
 * `npm run dev`: the API server on PORT and Vite's dev server (hot reload) on
 * PORT+1. Vite proxies /public/api, /public/images, /version.json, the
 * manifest and /docs to the API through API_ORIGIN (see vite.config.ts).
 */
import { loadConfig } from '../config.ts';
import { closeOnSignals, publicUrl, startServer } from '../server.ts';
import { startBanner } from './banner.ts';
import { REPOSITORY_ROOT } from './build-ui.ts';

// A developer reads one-time codes in the console, or at /public/api/dev/outbox from this machine: `npm run dev`
// turns the route on unless DEV_OUTBOX_HTTP says otherwise (`npm start` never does).
const config = loadConfig({ DEV_OUTBOX_HTTP: '1', ...process.env });
const api = await startServer(config);
// vite.config.ts reads this when Vite loads it, so set it before createServer.
process.env.API_ORIGIN = api.url;

const { createServer } = await import('vite');
const vitePort = config.port === 0 ? 5173 : config.port + 1;
const vite = await createServer({
  root: REPOSITORY_ROOT,
  configFile: `${REPOSITORY_ROOT}/vite.config.ts`,
  server: { port: vitePort, host: config.host, strictPort: false },
});
await vite.listen();
const viteUrl = vite.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? publicUrl(config.host, vitePort);

console.log(startBanner({ appUrl: `${viteUrl} (Vite, hot reload)`, apiUrl: api.url, config, seed: api.seed }));
closeOnSignals(async () => {
  await vite.close();
  await api.app.close();
});
