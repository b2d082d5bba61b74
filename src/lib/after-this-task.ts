/**
 * Runs `load` in a task of its own, right after the current one. The first
 * route's script evaluates in one task, and on a slow phone everything it
 * does there is one block no tap gets through (Lighthouse's Total Blocking
 * Time): each `import()` of a chunk that is not in it adds the chunk's
 * preload links to the page within that task. Started this way, the same
 * downloads begin a few milliseconds later, in a task of their own.
 */
export function afterThisTask<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(load);
}
