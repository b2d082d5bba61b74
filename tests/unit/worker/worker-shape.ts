/**
 * The sync worker's shape as its import statements draw it (issue 16): every
 * relative import in worker/ (tests/support/import-graph.ts reads them), and
 * the graph checked for imports across area lines that skip an area's door.
 * shape.test.ts holds the worker to it.
 *
 * The layers, bottom up: net/ (the HTTP door) imports only itself; replica/
 * imports net/; every other area may use both directly, and reaches another
 * area (the outbox included) only through that area's api.ts (or index.ts).
 * The files at the top (sync-worker.ts, sync-service.ts) compose the areas
 * through the same doors, and no file in an area imports them.
 */
import { readTree, type ImportGraph } from '../../support/import-graph.ts';

export const BASE_LAYERS: Readonly<Record<string, readonly string[]>> = {
  net: ['net'],
  replica: ['net', 'replica'],
};
export const DOORS = ['api.ts', 'index.ts'];

/** The worker's graph, paths relative to worker/; import() counts (the worker loads nothing lazily that may import back). */
export function readWorker(workerDir: string): ImportGraph {
  return readTree(workerDir);
}

/** The area of a file: its folder under worker/, or null for the files at the top. */
export function areaOf(file: string): string | null {
  const slash = file.indexOf('/');
  return slash === -1 ? null : file.slice(0, slash);
}

/** Imports that break the layers: `from → to: why`. */
export function findShapeProblems(graph: ImportGraph): string[] {
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    const fromArea = areaOf(from);
    for (const to of targets) {
      const toArea = areaOf(to);
      if (fromArea === toArea) continue;
      const say = (why: string) => problems.push(`${from} → ${to}: ${why}`);
      if (toArea === null) say('imports upward, into the files that compose the areas');
      else if (fromArea !== null && fromArea in BASE_LAYERS) {
        if (!BASE_LAYERS[fromArea]!.includes(toArea)) say(`${fromArea}/ is a base layer and may import only ${BASE_LAYERS[fromArea]!.join('/, ')}/`);
      } else if (toArea in BASE_LAYERS) continue;
      else if (!DOORS.includes(to.slice(toArea.length + 1))) say(`reaches into ${toArea}/ past its door (${toArea}/api.ts)`);
    }
  }
  return problems.sort();
}
