/**
 * What the browser scenarios put into the page, and small number helpers.
 * In-page code is written as strings: tsx compiles this file with esbuild's
 * keepNames, whose `__name()` wrappers would not exist in the page if
 * functions were passed to evaluate() or addInitScript().
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** The build to serve: DIST_DIR (as the server reads it) or dist/. */
export function builtApp(): string {
  const distDir = resolve(process.env.DIST_DIR ?? 'dist');
  if (!existsSync(resolve(distDir, 'index.html'))) throw new Error('Run `npm run build` first.');
  return distDir;
}

export interface LongTask {
  start: number;
  duration: number;
}

/** Init script: every long task (> 50 ms) of the main thread into window.__benchLongTasks. */
export const LONG_TASK_PROBE = `(() => {
  const tasks = [];
  window.__benchLongTasks = tasks;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) {
    window.__benchLongTaskError = String(error);
  }
})();`;

export async function longTasksSince(page: Page, since: number): Promise<LongTask[]> {
  const error = await page.evaluate('window.__benchLongTaskError ?? null');
  if (error) throw new Error(`No long-task observer in this browser: ${String(error)}`);
  const tasks = (await page.evaluate('window.__benchLongTasks ?? []')) as LongTask[];
  return tasks.filter((task) => task.start >= since).map((task) => ({ start: round1(task.start), duration: round1(task.duration) }));
}

/**
 * Init script: the first time an element matching `selector` is in the DOM
 * (a MutationObserver from the document's start), then when that frame has
 * been painted — a message posted from the frame's requestAnimationFrame
 * runs right after it is rendered. Times are performance.now(), i.e. ms from
 * navigation start. Read with `window.__benchFirstPaint`; the two moments are
 * also the performance marks FIRST_PAINT_MARKS names, for traces.
 */
export const FIRST_PAINT_MARKS = { inDom: 'bench:first-in-dom', painted: 'bench:first-painted' } as const;

export function firstPaintProbe(selector: string): string {
  return `(() => {
  const selector = ${JSON.stringify(selector)};
  const result = { inDom: null, frame: null, painted: null };
  window.__benchFirstPaint = result;
  const seen = () => {
    if (result.inDom !== null || !document.querySelector(selector)) return;
    result.inDom = performance.now();
    performance.mark(${JSON.stringify(FIRST_PAINT_MARKS.inDom)});
    observer.disconnect();
    requestAnimationFrame(() => {
      result.frame = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        result.painted = performance.now();
        performance.mark(${JSON.stringify(FIRST_PAINT_MARKS.painted)});
      };
      channel.port2.postMessage(null);
    });
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { childList: true, subtree: true });
})();`;
}

export interface FirstPaint {
  inDom: number | null;
  frame: number | null;
  painted: number | null;
}

/** Light enough not to move the figures: top-level tasks with their thread (CPU) time, and performance marks. */
export const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing'];

export interface TaskTime {
  wallMs: number;
  cpuMs: number;
}

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { startTime?: number; isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/**
 * The page's main-thread tasks in a trace of TRACE_CATEGORIES, from the
 * performance mark `fromMark` (or, without one, the navigation start of the
 * document that made `toMark`) to the last `toMark`: wall and CPU (thread)
 * time of each, longest CPU time first. The page's main thread is the one
 * that recorded the marks.
 */
export function mainThreadTasks(trace: Buffer, toMark: string, fromMark?: string): TaskTime[] {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const to = traceEvents.filter((event) => event.name === toMark).at(-1);
  if (!to) return [];
  const from = fromMark
    ? traceEvents.find((event) => event.name === fromMark)?.ts
    : to.ts - (to.args?.data?.startTime ?? 0) * 1000;
  if (from === undefined) return [];
  return traceEvents
    .filter(
      (event) =>
        event.name === 'ThreadControllerImpl::RunTask' &&
        event.ph === 'X' &&
        event.pid === to.pid &&
        event.tid === to.tid &&
        event.ts + (event.dur ?? 0) >= from &&
        event.ts <= to.ts,
    )
    .map((event) => ({ wallMs: round1((event.dur ?? 0) / 1000), cpuMs: round1((event.tdur ?? 0) / 1000) }))
    .sort((a, b) => b.cpuMs - a.cpuMs);
}

/**
 * How much of its long tasks' wall time the page's main thread had a CPU for,
 * in a trace of a load (Lighthouse's): thread time over wall time of the
 * main-frame document's tasks, from its navigation on, that a `cpuSlowdown`×
 * slower CPU makes longer than 50 ms. Near 1 where the thread runs when it
 * has work; well below 1 where it waits for a core busy with other threads, or
 * for a hypervisor that charges for fresh memory outside the guest's CPU time.
 * Lighthouse's TBT is made of wall time, multiplied by its slowdown, so there
 * it counts the waiting as blocking, four times over. Null when the trace has
 * no such navigation or no such task.
 */
export function longTaskCpuShare(traceEvents: readonly TraceEvent[], cpuSlowdown = 4): number | null {
  const navigation = traceEvents
    .filter((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame && /^https?:/.test(event.args.data.documentLoaderURL ?? ''))
    .at(-1);
  if (!navigation) return null;
  const longerThanMicros = (50 / cpuSlowdown) * 1000;
  let wall = 0;
  let cpu = 0;
  for (const event of traceEvents) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.pid !== navigation.pid || event.tid !== navigation.tid) continue;
    if (event.ts < navigation.ts || (event.dur ?? 0) <= longerThanMicros) continue;
    wall += event.dur ?? 0;
    cpu += event.tdur ?? 0;
  }
  return wall === 0 ? null : Math.round((cpu / wall) * 100) / 100;
}

/** Starts recording requestAnimationFrame times into window.__benchFrames until stopFrameSampling(). */
export async function startFrameSampling(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const frames = [];
    window.__benchFrames = frames;
    window.__benchSampling = true;
    const tick = (time) => {
      frames.push(time);
      if (window.__benchSampling) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
}

/** The intervals between the sampled frames, in ms. */
export async function stopFrameSampling(page: Page): Promise<number[]> {
  const frames = (await page.evaluate('(() => { window.__benchSampling = false; return window.__benchFrames ?? []; })()')) as number[];
  return frames.slice(1).map((time, index) => time - frames[index]!);
}

/** Resolves after the page has rendered `count` more frames. */
export async function nextFrames(page: Page, count = 2): Promise<void> {
  await page.evaluate(`new Promise((done) => {
    let left = ${count};
    const tick = () => (--left <= 0 ? done(null) : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  })`);
}

/** The value at quantile q (0..1) of the values, nearest-rank; 0 when there are none. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Polls `check` until it returns a value other than undefined/false. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}
