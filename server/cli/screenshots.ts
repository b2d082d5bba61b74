/**
 * Takes the install sheet's screenshots from the running app (install-screenshots.ts):
 *   npm run screenshots -- [base URL]   (default http://127.0.0.1:<PORT>)
 */
import { imagesDir, loadConfig } from '../config.ts';
import { takeInstallScreenshots } from './install-screenshots.ts';

const config = loadConfig();
const baseUrl = process.argv[2] ?? `http://127.0.0.1:${config.port}`;
try {
  const written = await takeInstallScreenshots(baseUrl, imagesDir(config));
  console.log(`Took the install screenshots from ${baseUrl}:\n${written.map((file) => `  ${file}`).join('\n')}`);
} catch (error) {
  console.error(`Could not take the screenshots from ${baseUrl}: ${(error as Error).message}`);
  process.exitCode = 1;
}
