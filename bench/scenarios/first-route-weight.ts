/**
 * What a customer's phone downloads to show the first mobile route: every JS
 * and CSS response of a cold visit at 375 px, gzipped (level 9, as a server
 * or CDN would send it). The page's own bundle is held to the budget;
 * the sync worker's script is reported beside it with its own budget, since
 * it loads in parallel off the main thread and never blocks the first paint.
 */
import { gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Request } from 'playwright-core';
import { judged, type BenchFigure, type BenchScenario } from '../types.ts';
import { launchBrowser, newContext, PHONE } from '../../tests/e2e/support/browser.ts';
import { startTestServer } from '../../tests/support/test-server.ts';

const PAGE_BUDGET_KB = 125;
const WORKER_BUDGET_KB = 60;

interface Download {
  url: string;
  kind: 'js' | 'css';
  fromWorker: boolean;
  gzipBytes: number;
}

export const firstRouteWeight: BenchScenario = {
  id: 'first-route-weight',
  description: 'JS+CSS (gzipped) a cold visit to the first mobile route loads',
  async run(): Promise<BenchFigure[]> {
    const distDir = resolve('dist');
    if (!existsSync(resolve(distDir, 'index.html'))) throw new Error('Run `npm run build` first.');
    const server = await startTestServer({ distDir });
    const browser = await launchBrowser();
    try {
      const context = await newContext(browser, { viewport: PHONE });
      const page = await context.newPage();
      const pending: Promise<Download | null>[] = [];
      const workerScripts = new Set<string>();
      page.on('worker', (worker) => workerScripts.add(new URL(worker.url()).pathname));
      context.on('response', (response) => {
        const url = new URL(response.url());
        const kind: Download['kind'] | null = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
        if (!kind) return;
        const request = response.request();
        // The service worker's own fetches are its precache, not the route.
        if (request.serviceWorker()) return;
        const fromFrame = !initiatedByDedicatedWorker(request);
        pending.push(
          response
            .body()
            .then((body) => ({ url: url.pathname, kind, fromWorker: !fromFrame, gzipBytes: gzipSync(body, { level: 9 }).length }))
            .catch(() => null),
        );
      });
      await page.goto(server.url, { waitUntil: 'networkidle' });
      await page.getByRole('navigation').first().waitFor();
      await page.waitForLoadState('networkidle');
      const downloads = (await Promise.all(pending))
        .filter((d): d is Download => d !== null)
        // The worker's script is requested by the page's `new Worker()`, yet runs off the main thread.
        .map((d) => (workerScripts.has(d.url) ? { ...d, fromWorker: true } : d));
      // The service worker precaches every chunk in the background; that is
      // not what the route needs, so count each file once and only the ones
      // the page or its worker asked for before the precache.
      const unique = new Map(downloads.map((d) => [d.url, d]));
      const pageKb = sumKb([...unique.values()].filter((d) => !d.fromWorker));
      const workerKb = sumKb([...unique.values()].filter((d) => d.fromWorker));
      await context.close();
      return [
        judged({ name: 'first mobile route: page JS+CSS gzipped', value: pageKb, unit: 'kB', budget: PAGE_BUDGET_KB, detail: [...unique.values()] }),
        judged({ name: 'first mobile route: sync worker JS gzipped', value: workerKb, unit: 'kB', budget: WORKER_BUDGET_KB }),
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};

/** Playwright has no frame for a dedicated worker's requests (and throws when asked). */
function initiatedByDedicatedWorker(request: Request): boolean {
  try {
    return request.frame() === null;
  } catch {
    return true;
  }
}

function sumKb(downloads: Download[]): number {
  return Math.round((downloads.reduce((total, d) => total + d.gzipBytes, 0) / 1024) * 10) / 10;
}
