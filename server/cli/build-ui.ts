/** Builds the web app with Vite (the same as `npm run build`) into DIST_DIR. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function hasBuild(distDir: string): boolean {
  return fs.existsSync(path.join(distDir, 'index.html'));
}

export async function buildUi(distDir: string): Promise<void> {
  // Imported here so commands that never build do not load Vite.
  const { build } = await import('vite');
  await build({
    root: REPOSITORY_ROOT,
    configFile: path.join(REPOSITORY_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: distDir, emptyOutDir: true },
  });
}
