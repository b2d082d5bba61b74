import { describe, expect, it } from 'vitest';
import { longTaskCpuShare, type TraceEvent } from '../../../bench/scenarios/browser-probes.ts';

const PAGE = { pid: 7, tid: 1 };
const navigation = (ts: number, url = 'http://127.0.0.1:4000/cart', isLoadingMainFrame = true): TraceEvent => ({
  name: 'navigationStart',
  ph: 'R',
  ts,
  ...PAGE,
  args: { data: { isLoadingMainFrame, documentLoaderURL: url } },
});
const task = (ts: number, wallMs: number, cpuMs: number, where = PAGE): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
  ...where,
});

describe("the Lighthouse bench's CPU share of long tasks", () => {
  it('is thread time over wall time of the page tasks a 4× slower CPU makes longer than 50 ms', () => {
    const share = longTaskCpuShare([
      navigation(1_000),
      task(2_000, 40, 10), // long at 4×, waited three quarters of its time
      task(60_000, 20, 20), // long at 4×, ran throughout
      task(90_000, 12, 1), // 48 ms at 4×: not long, not counted
    ]);
    expect(share).toBe(0.5);
  });

  it('counts only the main frame document after its navigation, not other threads or the blank page before it', () => {
    const share = longTaskCpuShare([
      navigation(500, 'about:blank'),
      task(600, 30, 3), // before the real navigation
      navigation(1_000, 'http://127.0.0.1:4000/frame', false),
      navigation(2_000),
      task(3_000, 30, 30),
      task(3_000, 30, 3, { pid: 7, tid: 2 }), // the sync worker's thread
      task(3_000, 30, 3, { pid: 9, tid: 1 }), // another process
    ]);
    expect(share).toBe(1);
  });

  it('says nothing when the trace has no page navigation or no long task', () => {
    expect(longTaskCpuShare([task(2_000, 40, 10)])).toBeNull();
    expect(longTaskCpuShare([navigation(1_000), task(2_000, 10, 10)])).toBeNull();
  });
});
