/**
 * Writes dist/route-preloads.json: the files the document itself loads (the
 * first route's), and for every route of the app's route table the built
 * files a cold visit to it needs beyond those. The server sends them as a
 * `Link` header with the app shell (server/routes/route-preloads.ts).
 *
 * A route's files are the route table's chunk, its screen's chunk, the
 * chunks of what paints with every screen (the prompt dock and the session
 * notices), every chunk those import statically, and their style sheets.
 * '/' is the first route itself and needs only what paints with every
 * screen.
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
  /** Modules the first route imports at once and every screen paints with (src/app/AppChrome.tsx's prompt dock and session notices). */
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
 * Each route's preloads in a built bundle. `routes` are the table's entries
 * (route-table-source.ts); `modules.document` are the files the document
 * loads (documentFilesOf), left out with everything they import.
 */
export function routePreloadsOf(
  bundle: Rolldown.OutputBundle,
  routes: { path: string; screenModule: string | null }[],
  modules: { routeTable: string; withEveryScreen: string[]; document: string[] },
  base: string,
): RoutePreload[] {
  const chunks = chunksOf(bundle);
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOfModule = (moduleId: string): ChunkWithCss => {
    const found = chunks.find((chunk) => chunk.facadeModuleId === moduleId) ?? chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
    if (!found) throw new Error(`route preloads: no chunk holds ${moduleId}`);
    return found;
  };
  const loadedByDocument = new Set<ChunkWithCss>();
  for (const file of modules.document) {
    const chunk = byFileName.get(file.slice(base.length));
    if (chunk) staticClosure(chunk, byFileName, loadedByDocument);
  }
  const everyScreen = new Set<ChunkWithCss>();
  for (const module of modules.withEveryScreen) staticClosure(chunkOfModule(module), byFileName, everyScreen);
  const tableChunks = new Set([...staticClosure(chunkOfModule(modules.routeTable), byFileName), ...everyScreen]);
  const beyondDocument = (needed: Set<ChunkWithCss>) => filesOf([...needed].filter((chunk) => !loadedByDocument.has(chunk)), base);

  const preloads: RoutePreload[] = [{ path: '/', files: beyondDocument(everyScreen) }];
  for (const route of routes) {
    const needed = new Set(tableChunks);
    if (route.screenModule) staticClosure(chunkOfModule(route.screenModule), byFileName, needed);
    preloads.push({ path: route.path, files: beyondDocument(needed) });
  }
  return preloads;
}

/**
 * The scripts and style sheets a built index.html loads, in its order,
 * scripts first: `<script type="module" src>`, `<link rel="modulepreload">`
 * and `<link rel="stylesheet">` under `base`.
 */
export function documentFilesOf(html: string, base: string): string[] {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const url = /\b(?:src|href)="([^"]+)"/i.exec(tag)?.[1];
    if (!url?.startsWith(base) || url.startsWith('//')) continue;
    if (/^<script\b/i.test(tag) && /\btype="module"/i.test(tag)) scripts.push(url);
    else if (/\brel="modulepreload"/i.test(tag)) scripts.push(url);
    else if (/\brel="stylesheet"/i.test(tag)) styles.push(url);
  }
  return [...new Set([...scripts, ...styles])];
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
    generateBundle: {
      // After Vite's own: the document's files are read from the index.html it writes.
      order: 'post',
      handler(_outputOptions, bundle) {
        // Only the app's own build: the sync worker is bundled apart and has no route table.
        const routeTableModule = resolve(root, options.routeTable);
        if (!chunksOf(bundle).some((chunk) => chunk.facadeModuleId === routeTableModule)) return;
        const html = bundle['index.html'];
        if (html?.type !== 'asset') throw new Error('route preloads: the build has no index.html');
        const screensFile = resolve(root, options.screens);
        const screenModules = readScreenModules(screensFile, readFileSync(screensFile, 'utf8'));
        const routes = readRouteTable({ fileName: routeTableModule, source: readFileSync(routeTableModule, 'utf8') }, screenModules);
        const withEveryScreen = options.withEveryScreen.map((module) => resolve(root, module));
        const document = documentFilesOf(String(html.source), base);
        const preloads: RoutePreloads = {
          document,
          routes: routePreloadsOf(bundle, routes, { routeTable: routeTableModule, withEveryScreen, document }, base),
        };
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
      },
    },
  };
}
