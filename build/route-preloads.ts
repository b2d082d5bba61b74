/**
 * Writes dist/route-preloads.json: for every route of the app's route table,
 * the built files a cold visit to it needs beyond those the document already
 * loads (the first route's). The server sends them as a `Link` header with
 * the app shell (server/routes/route-preloads.ts).
 *
 * A route's files are the route table's chunk, its screen's chunk, the
 * chunks of what paints with every screen (the prompt dock), every chunk
 * those import statically, and their style sheets. '/' is the first route
 * itself and needs none.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreload, type RoutePreloads } from '../server/routes/route-preloads.ts';
import { readRouteTable, readScreenModules } from './route-table-source.ts';

export interface RoutePreloadsOptions {
  /** The module with the `<Route>` table (src/app/more-routes.tsx). */
  routeTable: string;
  /** The module whose exports are the lazy screens the table names as `Screens.X` (src/app/screens.ts). */
  screens: string;
  /** Modules the first route imports at once and every screen paints with (src/app/AppChrome.tsx's prompt dock). */
  withEveryScreen: string[];
}

type ChunkWithCss = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

function chunksOf(bundle: Rolldown.OutputBundle): ChunkWithCss[] {
  return Object.values(bundle).filter((output): output is ChunkWithCss => output.type === 'chunk');
}

/** `chunk` and every chunk it imports statically, however deep. */
function staticClosure(chunk: ChunkWithCss, byFileName: Map<string, ChunkWithCss>, into = new Set<ChunkWithCss>()): Set<ChunkWithCss> {
  if (into.has(chunk)) return into;
  into.add(chunk);
  for (const imported of chunk.imports) {
    const next = byFileName.get(imported);
    if (next) staticClosure(next, byFileName, into);
  }
  return into;
}

/** The scripts, then the style sheets, of `chunks`, as site paths. */
function filesOf(chunks: Iterable<ChunkWithCss>, base: string): string[] {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const chunk of chunks) {
    scripts.push(`${base}${chunk.fileName}`);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.push(`${base}${css}`);
  }
  return [...new Set([...scripts, ...styles])];
}

/**
 * The preload map of a built bundle. `routes` are the table's entries
 * (route-table-source.ts); every file the document loads is left out.
 */
export function routePreloadsOf(
  bundle: Rolldown.OutputBundle,
  routes: { path: string; screenModule: string | null }[],
  modules: { routeTable: string; withEveryScreen: string[] },
  base: string,
): RoutePreloads {
  const chunks = chunksOf(bundle);
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOfModule = (moduleId: string): ChunkWithCss => {
    const found = chunks.find((chunk) => chunk.facadeModuleId === moduleId) ?? chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
    if (!found) throw new Error(`route preloads: no chunk holds ${moduleId}`);
    return found;
  };
  const loadedByDocument = new Set<ChunkWithCss>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) staticClosure(entry, byFileName, loadedByDocument);
  const tableChunks = staticClosure(chunkOfModule(modules.routeTable), byFileName);
  for (const module of modules.withEveryScreen) staticClosure(chunkOfModule(module), byFileName, tableChunks);

  const preloads: RoutePreload[] = [{ path: '/', files: [] }];
  for (const route of routes) {
    const needed = new Set(tableChunks);
    if (route.screenModule) staticClosure(chunkOfModule(route.screenModule), byFileName, needed);
    preloads.push({ path: route.path, files: filesOf([...needed].filter((chunk) => !loadedByDocument.has(chunk)), base) });
  }
  return { routes: preloads };
}

export function routePreloads(options: RoutePreloadsOptions): Plugin {
  let base = '/';
  let root = process.cwd();
  return {
    name: 'foodpilot-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle(_outputOptions, bundle) {
      // Only the app's own build: the sync worker is bundled apart and has no route table.
      const routeTableModule = resolve(root, options.routeTable);
      if (!chunksOf(bundle).some((chunk) => chunk.facadeModuleId === routeTableModule)) return;
      const screensFile = resolve(root, options.screens);
      const screenModules = readScreenModules(screensFile, readFileSync(screensFile, 'utf8'));
      const routes = readRouteTable({ fileName: routeTableModule, source: readFileSync(routeTableModule, 'utf8') }, screenModules);
      const withEveryScreen = options.withEveryScreen.map((module) => resolve(root, module));
      const preloads = routePreloadsOf(bundle, routes, { routeTable: routeTableModule, withEveryScreen }, base);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}
