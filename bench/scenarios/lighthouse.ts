/**
 * `npm run bench -- lighthouse`: what Lighthouse (12.8.2, its default mobile
 * profile: simulated slow 4G and a 4× slower CPU) measures on five customer
 * pages — home, a store, explore, login and cart — the way a phone meets them.
 *
 * - Cold: a first visit with storage and cache cleared; the median of
 *   LIGHTHOUSE_RUNS runs (3 by default), by performance score, per page. Held
 *   to performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms and CLS ≤ 0.1 (Core Web
 *   Vitals "good" under that profile). Lighthouse's audits for the causes
 *   are held too: no image without a size, the LCP image not asked for late
 *   (prioritize-lcp-image); the script sent and not run is printed.
 * - Warm: a repeat visit with the service worker in control and the disk
 *   cache kept (`disableStorageReset` after a first load of the page); the
 *   median of as many runs, held to performance ≥ 95.
 *
 * LIGHTHOUSE_THROTTLING=devtools throttles for real instead of simulating (below).
 *
 * Judged as on a mid-range phone whatever the machine (issue 32): the CPU
 * slowdown is Lighthouse's 4× scaled by the machine's own CPU benchmark
 * index, measured first, against a reference of 1,500 (a mid-range phone's
 * class): 4× at 1,500, 7.2× on a machine twice as fast, never under 1×.
 * LIGHTHOUSE_CPU_SLOWDOWN sets it outright. Both figures are printed.
 *
 * Not part of .ci/run: the figures depend on how busy the machine is (the
 * load average, Lighthouse's CPU benchmark index, the cost of a fresh page
 * of memory and how much of its long tasks' wall time the page's main thread
 * actually ran are printed with them, so two runs' figures can be told
 * comparable or not). Serves DIST_DIR when it is set, dist/
 * otherwise, from a seeded test server. Chromium is CHROME_PATH, else
 * /usr/bin/chromium.
 */
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { DEFAULT_CPU_SLOWDOWN, REFERENCE_BENCHMARK_INDEX, cpuSlowdownFor } from './cpu-slowdown.ts';
import * as chromeLauncher from 'chrome-launcher';
import { judged, type BenchFigure, type BenchScenario } from '../types.ts';
import { startTestServer } from '../../tests/support/test-server.ts';
import { builtApp, longTaskCpuShare, percentile, type TraceEvent } from './browser-probes.ts';
import { LAUNCH_ARGS } from '../../tests/e2e/support/browser.ts';

export const LIGHTHOUSE_PAGES: { name: string; path: string }[] = [
  { name: 'home', path: '/' },
  { name: 'store', path: '/stores/riverton/nonna-lucia-trattoria' },
  { name: 'explore', path: '/explore' },
  { name: 'login', path: '/login' },
  { name: 'cart', path: '/cart' },
];

const COLD_SCORE_BUDGET = 90;
const WARM_SCORE_BUDGET = 95;
const LCP_BUDGET_MS = 2500;
const TBT_BUDGET_MS = 200;
const CLS_BUDGET = 0.1;

const CHROME_FLAGS = ['--headless=new', ...LAUNCH_ARGS];


/**
 * Lighthouse's default 'simulate' replays the page's own requests and
 * main-thread tasks on a model of slow 4G and a 4× slower CPU; it does not
 * see the sync worker's requests (a first visit's settings, texts and
 * stores) as the chain they are. LIGHTHOUSE_THROTTLING=devtools applies the
 * same profile for real while the page loads, the worker included: slower
 * to run and with its own spread, but it measures the round trips a first
 * visit waits for.
 */
const THROTTLING: 'simulate' | 'devtools' = process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Images drawn without a width and height (Lighthouse's unsized-images): each one can shift what is below it. */
  unsizedImages: number;
  /** 1 when the LCP is an image the page could have asked for sooner (prioritize-lcp-image failed), else 0. */
  lcpImageLate: number;
  /** Bytes of the page's scripts it did not run by the end of its load, as sent (Lighthouse's unused-javascript, over its 20 KiB threshold per file). */
  unusedScriptBytes: number;
  /** What Lighthouse named the LCP element, and the shifting elements, to say why. */
  lcpElement?: string;
  /** The elements that moved, with their share of CLS. */
  shifts?: string[];
  /**
   * Lighthouse's measure of this machine's CPU (lhr.environment.benchmarkIndex,
   * higher is faster): its simulated 4× slowdown is applied on top of it, so
   * figures from machines with different indexes are not comparable.
   */
  benchmarkIndex: number;
  /** longTaskCpuShare of the run's trace: below about 0.8, its TBT is mostly the machine's waiting, not the page's work. */
  longTaskCpuShare: number | null;
  runtimeError?: string;
}

function numeric(lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

function itemsOf(lhr: { audits: Record<string, { details?: unknown }> }, id: string): { wastedBytes?: number }[] {
  const items = (lhr.audits[id]?.details as { items?: { wastedBytes?: number }[] } | undefined)?.items;
  return Array.isArray(items) ? items : [];
}

async function audit(url: string, port: number, keepStorage: boolean, cpuSlowdownMultiplier: number): Promise<LighthouseRun> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: keepStorage,
      throttlingMethod: THROTTLING,
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const trace = (result.artifacts as { Trace?: { traceEvents?: TraceEvent[] } }).Trace;
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { snippet?: string } }[] }[] }
    | undefined;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: Math.round(numeric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
    unsizedImages: itemsOf(lhr, 'unsized-images').length,
    lcpImageLate: (lhr.audits['prioritize-lcp-image']?.score ?? 1) < 1 ? 1 : 0,
    unusedScriptBytes: itemsOf(lhr, 'unused-javascript').reduce((sum, item) => sum + (item.wastedBytes ?? 0), 0),
    lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet,
    shifts: ((lhr.audits['layout-shifts']?.details as { items?: { node?: { snippet?: string }; score?: number }[] } | undefined)?.items ?? []).map(
      (item) => `${Math.round((item.score ?? 0) * 1000) / 1000} ${item.node?.snippet ?? '?'}`,
    ),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    longTaskCpuShare: trace?.traceEvents ? longTaskCpuShare(trace.traceEvents) : null,
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}

/**
 * Runs until `wanted` of them finished without a Lighthouse runtime error
 * (NO_NAVSTART and the like, which score 0 and say nothing about the page),
 * giving up after twice as many attempts. Every run is kept, errors too.
 */
async function auditUntil(runs: LighthouseRun[], wanted: number, once: () => Promise<LighthouseRun>): Promise<void> {
  for (let attempt = 0; attempt < wanted * 2 && runs.filter((r) => !r.runtimeError).length < wanted; attempt++) runs.push(await once());
}

/**
 * What this machine charges for a page of fresh memory, in µs: the cost that
 * a browser's per-request and per-image work is made of, which Lighthouse's
 * CPU index (a JavaScript loop) does not see. About 0.1–0.5 µs on hardware and
 * ordinary VMs; some sandboxes charge 10 µs or more, and then every task of a
 * page is slower and Lighthouse's simulated 4× multiplies it.
 */
function freshPageMicroseconds(): number {
  const bytes = 64 * 1024 * 1024;
  const memory = Buffer.allocUnsafeSlow(bytes);
  const started = process.hrtime.bigint();
  for (let offset = 0; offset < bytes; offset += 4096) memory[offset] = 1;
  return Math.round(Number(process.hrtime.bigint() - started) / 1000 / (bytes / 4096) * 100) / 100;
}

/** The valid run with the median performance score (Lighthouse's own advice for picking one of several). */
export function medianRun(all: LighthouseRun[]): LighthouseRun {
  const runs = all.filter((r) => !r.runtimeError);
  if (runs.length === 0) throw new Error(`No run without a Lighthouse error: ${all.map((r) => r.runtimeError).join('; ')}`);
  const sorted = [...runs].sort((a, b) => a.score - b.score || a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function figuresOf(page: string, mode: 'cold' | 'warm', run: LighthouseRun, runs: LighthouseRun[]): BenchFigure[] {
  const prefix = `lighthouse ${mode} ${page}`;
  const detail = { median: run, runs };
  if (mode === 'warm') {
    return [
      judged({ name: `${prefix}: performance`, value: run.score, unit: 'score', budget: WARM_SCORE_BUDGET, budgetComparison: '≥', detail }),
      judged({ name: `${prefix}: FCP`, value: run.fcpMs, unit: 'ms' }),
      judged({ name: `${prefix}: LCP`, value: run.lcpMs, unit: 'ms' }),
      judged({ name: `${prefix}: TBT`, value: run.tbtMs, unit: 'ms' }),
      judged({ name: `${prefix}: CLS`, value: run.cls, unit: '' }),
    ];
  }
  return [
    judged({ name: `${prefix}: performance`, value: run.score, unit: 'score', budget: COLD_SCORE_BUDGET, budgetComparison: '≥', detail }),
    judged({ name: `${prefix}: FCP`, value: run.fcpMs, unit: 'ms' }),
    judged({ name: `${prefix}: LCP`, value: run.lcpMs, unit: 'ms', budget: LCP_BUDGET_MS }),
    judged({ name: `${prefix}: TBT`, value: run.tbtMs, unit: 'ms', budget: TBT_BUDGET_MS }),
    judged({ name: `${prefix}: CLS`, value: run.cls, unit: '', budget: CLS_BUDGET }),
    judged({ name: `${prefix}: images without a size`, value: run.unsizedImages, unit: '', budget: 0 }),
    judged({ name: `${prefix}: LCP image asked for late (prioritize-lcp-image)`, value: run.lcpImageLate, unit: '', budget: 0 }),
    judged({ name: `${prefix}: script sent but not run by load`, value: Math.round(run.unusedScriptBytes / 1024), unit: 'KiB' }),
  ];
}

export const lighthouseScenario: BenchScenario = {
  id: 'lighthouse',
  description:
    "Lighthouse mobile (slow 4G; CPU slowed as a mid-range phone: 4× at a benchmark index of 1,500, scaled by this machine's) on home, store, explore, login and cart: cold and warm, median of 3 (LIGHTHOUSE_THROTTLING=devtools for real throttling)",
  async run(): Promise<BenchFigure[]> {
    const runsPerPage = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    const pages = only ? LIGHTHOUSE_PAGES.filter((p) => only.includes(p.name)) : LIGHTHOUSE_PAGES;
    const distDir = builtApp();
    const server = await startTestServer({ distDir });
    const figures: BenchFigure[] = [];
    const allRuns: LighthouseRun[] = [];
    const loadBefore = loadavg();
    let measuredIndex = Number.NaN;
    let cpuSlowdown = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN);
    try {
      if (!Number.isFinite(cpuSlowdown) || cpuSlowdown <= 0) {
        // One run only to read this machine's CPU index: the slowdown every counted run then gets.
        const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
        try {
          measuredIndex = (await audit(`${server.url}${pages[0]?.path ?? '/'}`, chrome.port, false, DEFAULT_CPU_SLOWDOWN)).benchmarkIndex;
        } finally {
          chrome.kill();
        }
        cpuSlowdown = cpuSlowdownFor(measuredIndex);
      }
      console.log(`  CPU benchmark index ${Number.isFinite(measuredIndex) ? measuredIndex : '(not measured)'}: CPU slowdown ${cpuSlowdown}× (4× at ${REFERENCE_BENCHMARK_INDEX})`);
      for (const page of pages) {
        const url = `${server.url}${page.path}`;
        const cold: LighthouseRun[] = [];
        const warm: LighthouseRun[] = [];
        // One browser per page: the cold runs clear its storage; the last one
        // leaves the service worker installed for the warm runs that follow.
        const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
        try {
          await auditUntil(cold, runsPerPage, () => audit(url, chrome.port, false, cpuSlowdown));
          // The first load for the warm runs: the service worker takes control and precaches.
          await audit(url, chrome.port, true, cpuSlowdown);
          await auditUntil(warm, runsPerPage, () => audit(url, chrome.port, true, cpuSlowdown));
        } finally {
          chrome.kill();
        }
        const coldMedian = medianRun(cold);
        const warmMedian = medianRun(warm);
        console.log(
          `  ${page.name.padEnd(8)} cold ${cold.map((r) => r.score).join('/')} (median ${coldMedian.score}, LCP ${coldMedian.lcpMs} ms, CLS ${coldMedian.cls}, TBT ${coldMedian.tbtMs} ms, long tasks' CPU share ${coldMedian.longTaskCpuShare ?? '?'})` +
            `  warm ${warm.map((r) => r.score).join('/')}${coldMedian.lcpElement ? `\n           LCP element: ${coldMedian.lcpElement}` : ''}` +
            [...(coldMedian.shifts ?? []).map((s) => `\n           cold shift: ${s}`), ...(warmMedian.shifts ?? []).map((s) => `\n           warm shift: ${s}`)].join(''),
        );
        for (const run of [...cold, ...warm]) if (run.runtimeError) console.log(`  ${page.name}: ${run.runtimeError}`);
        allRuns.push(...cold, ...warm);
        figures.push(...figuresOf(page.name, 'cold', coldMedian, cold), ...figuresOf(page.name, 'warm', warmMedian, warm));
      }
    } finally {
      await server.close();
    }
    const loadAfter = loadavg();
    figures.push(
      judged({ name: 'lighthouse: cost of a fresh page of memory on this machine', value: freshPageMicroseconds(), unit: 'µs' }),
      judged({ name: 'lighthouse: CPU benchmark index, median of every run (Lighthouse; higher is faster)', value: percentile(allRuns.map((r) => r.benchmarkIndex).filter(Number.isFinite), 0.5), unit: '' }),
      judged({ name: `lighthouse: CPU slowdown applied (4× at an index of ${REFERENCE_BENCHMARK_INDEX}, scaled by this machine's)`, value: cpuSlowdown, unit: '×' }),
      judged({
        name: "lighthouse: main thread's CPU time over wall time in its long tasks, median of every run (below ~0.8 the TBT is mostly waiting)",
        value: percentile(allRuns.map((r) => r.longTaskCpuShare).filter((share): share is number => share !== null), 0.5),
        unit: '',
      }),
      judged({ name: 'lighthouse: load average (1 min) before the runs', value: Math.round(loadBefore[0]! * 100) / 100, unit: '' }),
      judged({ name: 'lighthouse: load average (1 min) after the runs', value: Math.round(loadAfter[0]! * 100) / 100, unit: '' }),
    );
    return figures;
  },
};
