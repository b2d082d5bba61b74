/**
 * The Lighthouse bench's CPU slowdown, scaled so that any machine judges a
 * page as a mid-range phone runs it (issue 32; lighthouse.ts).
 */
/** The CPU benchmark index Lighthouse's 4× slowdown stands for: a mid-range phone's class (issue 32 measured 1,516 on this project's kind of machine). */
export const REFERENCE_BENCHMARK_INDEX = 1500;
export const DEFAULT_CPU_SLOWDOWN = 4;

/** The slowdown that makes this machine (its benchmark index) run a page as a mid-range phone would. */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return DEFAULT_CPU_SLOWDOWN;
  return Math.round(Math.min(20, Math.max(1, (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX)) * 100) / 100;
}
