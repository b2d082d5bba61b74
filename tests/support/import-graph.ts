/**
 * The import graph of a source tree, read from its import statements with a
 * regex, the way a newcomer reads them (issue 16): type imports, re-exports
 * and side-effect imports are edges (a circle of types is still a circle to
 * read). A dynamic `import()` is an edge too unless `lazy: false`: in the UI
 * it is where a lazy chunk starts, and a lazy chunk may import the code that
 * loads it. Keys and targets are paths relative to the tree, with '/'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** file → the files of the same tree it imports. */
export type ImportGraph = Map<string, string[]>;

export interface ReadOptions {
  /** Count `import('./x.ts')` as an edge (default true). */
  lazy?: boolean;
}

const STATIC = [/\bfrom\s+['"]([^'"]+)['"]/g, /^\s*import\s+['"]([^'"]+)['"]/gm];
const DYNAMIC = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative specifiers a source text imports. */
export function importSpecifiers(source: string, options: ReadOptions = {}): string[] {
  const patterns = options.lazy === false ? STATIC : [...STATIC, DYNAMIC];
  const found: string[] = [];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) if (match[1]?.startsWith('.')) found.push(match[1].replace(/\?.*$/, ''));
  }
  return found;
}

/** The graph of `files` (path → source); imports that leave the tree are left out. */
export function buildGraph(files: ReadonlyMap<string, string>, options: ReadOptions = {}): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const [file, source] of files) {
    const targets = importSpecifiers(source, options)
      .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)))
      .filter((target) => !target.startsWith('../'));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every .ts/.tsx file under `dir`, as a graph relative to `dir`. */
export function readTree(dir: string, options: ReadOptions = {}): ImportGraph {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry)) continue;
    files.set(entry.split(path.sep).join('/'), readFileSync(path.join(dir, entry), 'utf8'));
  }
  return buildGraph(files, options);
}

/** Every import circle: the strongly connected groups of more than one file, or a file importing itself (Tarjan), sorted. */
export function findCircles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
