/**
 * A store with 5,000 items (big-store-seed.ts) added to the demo city, opened
 * at 375 px in headless Chromium three times, each an in-app navigation from
 * the home screen as a tap on the store's card would be:
 * 1. first open: the device never saw the store; the worker fetches the menu
 *    and writes it into an empty replica;
 * 2. second open: the page reads the replica at once, the worker refetches
 *    the same menu (and need not rewrite it);
 * 3. third open after every price changed on the server: the worker rewrites
 *    the menu (its 20 chunk records, src/db/schema.ts MenuChunkRow) over the
 *    old one and the page re-reads it.
 *
 * Figures of each open:
 * - the worker's write: the `replica-write:store-items` performance measure
 *   the worker records around writeStorePage (to its commit), read inside
 *   the dedicated worker with Playwright's worker.evaluate;
 * - the main thread's long tasks from the tap until the menu is on screen,
 *   the worker has answered and the page has been quiet for a second
 *   (PerformanceObserver 'longtask', installed before the app's first
 *   script): the longest, as wall time (the budget), and how many; beside
 *   it the longest task's CPU time on the main thread, from a Chromium trace
 *   ('toplevel' RunTask events' thread duration), which tells the page's own
 *   work from time the thread spent waiting for a core on a busy machine;
 * - for the first two opens, scrolling from top to bottom in 60 wheel steps
 *   with requestAnimationFrame sampling: the 95th-percentile frame interval,
 *   and the item rows in the DOM at the bottom (only what is near the screen).
 * The machine's load average is reported first: other processes on these
 * two cores stretch every wall-clock figure.
 */
import { loadavg } from 'node:os';
import type { Browser, Page, Worker } from 'playwright-core';
import { judged, type BenchFigure, type BenchScenario } from '../types.ts';
import { launchBrowser, newContext, PHONE } from '../../tests/e2e/support/browser.ts';
import { CustomerApp } from '../../tests/e2e/page-models/customer-app.ts';
import { startTestServer } from '../../tests/support/test-server.ts';
import { seedBigStore, BIG_STORE_ITEMS, BIG_STORE_SLUG, type BigStore } from './big-store-seed.ts';
import {
  builtApp,
  LONG_TASK_PROBE,
  longTasksSince,
  mainThreadTasks,
  nextFrames,
  percentile,
  round1,
  startFrameSampling,
  stopFrameSampling,
  TRACE_CATEGORIES,
  waitFor,
  type LongTask,
  type TaskTime,
} from './browser-probes.ts';

const WRITE_BUDGET_MS = 300;
const LONG_TASK_BUDGET_MS = 50;
const FRAME_P95_BUDGET_MS = 50;
const DOM_ROWS_BUDGET = 200;
const SCROLL_STEPS = 60;
/** Quiet time after the worker's answer before the long-task window closes. */
const SETTLE_MS = 1_000;

/** Must match worker/catalog/store-writes.ts STORE_ITEMS_WRITE_MEASURE and worker/catalog/store-pages.ts OPEN_STORE_MEASURE. */
const WRITE_MEASURE = 'replica-write:store-items';
const OPEN_MEASURE = 'sync:open-store';

interface WorkerMeasure {
  start: number;
  duration: number;
  detail: { storeId?: number; items?: number; written?: boolean; slug?: string; ok?: boolean } | null;
}

interface OpenResult {
  write: WorkerMeasure;
  openStore: WorkerMeasure;
  firstRowMs: number;
  longTasks: LongTask[];
  /** The main thread's tasks of the window from the trace, longest CPU time first. */
  cpuTasks: TaskTime[];
}

interface ScrollResult {
  /** The main thread's tasks while scrolling, longest CPU time first. */
  cpuTasks: TaskTime[];
  frameP95: number;
  frameMax: number;
  frames: number;
  domRows: number;
  reachedBottom: boolean;
  scrollHeight: number;
}

export const bigStore: BenchScenario = {
  id: 'big-store',
  description: `a store of ${BIG_STORE_ITEMS.toLocaleString('en')} items at 375 px: the worker's Dexie write, main-thread long tasks, scrolling`,
  async run(): Promise<BenchFigure[]> {
    const distDir = builtApp();
    const load = loadavg()[0] ?? 0;
    const server = await startTestServer({ distDir });
    const browser = await launchBrowser();
    try {
      const store = await seedBigStore(server.db);
      const context = await newContext(browser, { viewport: PHONE });
      await context.addInitScript({ content: LONG_TASK_PROBE });
      const page = await context.newPage();
      const app = new CustomerApp(page, server.url);
      await app.open('/');
      await app.waitForReplica();
      await page.waitForLoadState('networkidle');
      const worker = await syncWorker(page);

      const first = await openStorePage(browser, page, worker, store, 1);
      const firstScroll = await scrollThrough(browser, page);
      await goHome(page);
      const second = await openStorePage(browser, page, worker, store, 2);
      const secondScroll = await scrollThrough(browser, page);
      await goHome(page);
      await server.db.updateTable('items').set((eb) => ({ price: eb('price', '+', 10) })).where('restaurant_id', '=', store.id).execute();
      const third = await openStorePage(browser, page, worker, store, 3);
      await context.close();

      return [
        judged({ name: 'machine load average (1 min) at the start', value: Math.round(load * 10) / 10, unit: '' }),
        ...openFigures('first open', first, store),
        ...scrollFigures('first open', firstScroll),
        ...openFigures('second open', second, store),
        ...scrollFigures('second open', secondScroll),
        ...openFigures('menu changed', third, store),
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};

function openFigures(label: string, open: OpenResult, store: BigStore): BenchFigure[] {
  const longest = open.longTasks.reduce((max, task) => Math.max(max, task.duration), 0);
  const written = open.write.detail?.written !== false;
  return [
    judged({
      name: `${label}: worker ${written ? `writes ${open.write.detail?.items ?? '?'} items` : 'keeps unchanged menu'}`,
      value: round1(open.write.duration),
      unit: 'ms',
      budget: WRITE_BUDGET_MS,
      detail: { write: open.write, openStore: open.openStore, store },
    }),
    judged({ name: `${label}: worker openStore, fetch to commit`, value: round1(open.openStore.duration), unit: 'ms' }),
    judged({ name: `${label}: tap to first menu row in DOM`, value: round1(open.firstRowMs), unit: 'ms' }),
    judged({
      name: `${label}: longest main-thread task`,
      value: round1(longest),
      unit: 'ms',
      budget: LONG_TASK_BUDGET_MS,
      detail: open.longTasks,
    }),
    judged({ name: `${label}: main-thread tasks over 50 ms`, value: open.longTasks.length, unit: 'tasks' }),
    judged({
      name: `${label}: longest main-thread task, CPU`,
      value: open.cpuTasks[0]?.cpuMs ?? 0,
      unit: 'ms',
      detail: open.cpuTasks.slice(0, 5),
    }),
  ];
}

function scrollFigures(label: string, scroll: ScrollResult): BenchFigure[] {
  return [
    judged({
      name: `${label}: scroll to bottom, p95 frame interval`,
      value: round1(scroll.frameP95),
      unit: 'ms',
      budget: FRAME_P95_BUDGET_MS,
      detail: scroll,
    }),
    judged({ name: `${label}: scroll to bottom, longest frame`, value: round1(scroll.frameMax), unit: 'ms' }),
    judged({
      name: `${label}: scroll, longest main-thread task, CPU`,
      value: scroll.cpuTasks[0]?.cpuMs ?? 0,
      unit: 'ms',
      detail: scroll.cpuTasks.slice(0, 5),
    }),
    judged({ name: `${label}: item rows in the DOM at the bottom`, value: scroll.domRows, unit: 'rows', budget: DOM_ROWS_BUDGET }),
  ];
}

/** The page's dedicated sync worker (src/lib/worker-bridge.ts names it). */
async function syncWorker(page: Page): Promise<Worker> {
  return waitFor(async () => page.workers().find((worker) => worker.url().includes('sync-worker')), 'the sync worker');
}

async function workerMeasures(worker: Worker, name: string): Promise<WorkerMeasure[]> {
  return (await worker.evaluate(
    `performance.getEntriesByName(${JSON.stringify(name)}).map((e) => ({ start: e.startTime, duration: e.duration, detail: e.detail ?? null }))`,
  )) as WorkerMeasure[];
}

/** What a tap on a link does: React Router follows history and popstate. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(`(() => {
    history.pushState(null, '', ${JSON.stringify(path)});
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  })()`);
}

async function goHome(page: Page): Promise<void> {
  await navigateInApp(page, '/');
  await page.getByTestId('store-menu').waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
}

async function openStorePage(browser: Browser, page: Page, worker: Worker, store: BigStore, nth: number): Promise<OpenResult> {
  await page.evaluate('window.scrollTo(0, 0)');
  await nextFrames(page);
  const { result, cpuTasks } = await traceMainThread(browser, page, async (startedAt) => {
    await navigateInApp(page, store.path);
    const firstRowAt = await waitFor(
      () => page.evaluate(`document.querySelector('[data-testid="menu-item"]') ? performance.now() : false`) as Promise<number | false>,
      'the first menu row',
    );
    const write = await waitFor(
      async () => (await workerMeasures(worker, WRITE_MEASURE)).filter((m) => m.detail?.storeId === store.id)[nth - 1],
      `write #${nth} of the store's items`,
    );
    const openStore = await waitFor(
      async () => (await workerMeasures(worker, OPEN_MEASURE)).filter((m) => m.detail?.slug === BIG_STORE_SLUG)[nth - 1],
      `openStore #${nth}`,
    );
    if (!openStore.detail?.ok) throw new Error(`openStore failed: ${JSON.stringify(openStore)}`);
    // The write's liveQuery re-read and re-render come after the answer; let them land.
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    await nextFrames(page);
    return { write, openStore, firstRowMs: firstRowAt - startedAt, longTasks: await longTasksSince(page, startedAt) };
  });
  return { ...result, cpuTasks };
}

/**
 * Runs `measured` inside a Chromium trace ('toplevel' and 'blink.user_timing'
 * categories, light enough not to move the figures) between two performance
 * marks of the page, and returns the page's main-thread tasks in between.
 */
async function traceMainThread<T>(
  browser: Browser,
  page: Page,
  measured: (startedAt: number) => Promise<T>,
): Promise<{ result: T; cpuTasks: TaskTime[] }> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const settled = await (async () => {
    const startedAt = (await page.evaluate(`performance.mark('bench:from').startTime`)) as number;
    const value = await measured(startedAt);
    await page.evaluate(`performance.mark('bench:to')`);
    return value;
  })().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const trace = await browser.stopTracing();
  if ('error' in settled) throw settled.error;
  const result = settled.value;
  return { result, cpuTasks: mainThreadTasks(trace, 'bench:to', 'bench:from') };
}

async function scrollThrough(browser: Browser, page: Page): Promise<ScrollResult> {
  await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
  await page.evaluate('window.scrollTo(0, 0)');
  await nextFrames(page);
  const scrollHeight = (await page.evaluate('document.documentElement.scrollHeight')) as number;
  const step = Math.ceil((scrollHeight - PHONE.height) / SCROLL_STEPS);
  const { result, cpuTasks } = await traceMainThread(browser, page, async () => {
    await startFrameSampling(page);
    for (let i = 0; i < SCROLL_STEPS; i += 1) {
      await page.mouse.wheel(0, step);
      await nextFrames(page, 2);
    }
    const reachedBottom = await waitFor(
      async () => (await page.evaluate('window.scrollY + innerHeight >= document.documentElement.scrollHeight - 2')) as boolean,
      'the bottom of the page',
      10_000,
    ).catch(() => false);
    await nextFrames(page, 3);
    return { intervals: await stopFrameSampling(page), reachedBottom };
  });
  const { intervals, reachedBottom } = result;
  const domRows = (await page.evaluate(`document.querySelectorAll('[data-testid="menu-item"]').length`)) as number;
  return {
    cpuTasks,
    frameP95: percentile(intervals, 0.95),
    frameMax: intervals.reduce((max, value) => Math.max(max, value), 0),
    frames: intervals.length + 1,
    domRows,
    reachedBottom,
    scrollHeight,
  };
}
