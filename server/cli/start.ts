/**
 * `npm start`: builds the web app if DIST_DIR has no build, migrates, seeds
 * the demo city on an empty database, listens, and prints where to go and
 * the demo accounts. Ctrl+C closes cleanly.
 */
import { loadConfig } from '../config.ts';
import { closeOnSignals, startServer } from '../server.ts';
import { startBanner } from './banner.ts';
import { buildUi, hasBuild } from './build-ui.ts';

const config = loadConfig();

if (!hasBuild(config.distDir)) {
  console.log(`No web app build in ${config.distDir}; building it with Vite…`);
  try {
    await buildUi(config.distDir);
  } catch (error) {
    // The API still works without the web app; the home page then says what to do.
    console.error('The web app build failed; starting the API anyway. Run `npm run build` to see why.');
    console.error(error instanceof Error ? error.message : error);
  }
}

const server = await startServer(config);
console.log(startBanner({ appUrl: server.url, apiUrl: server.url, config, seed: server.seed }));
closeOnSignals(() => server.app.close());
