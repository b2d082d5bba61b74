/**
 * The files a cold visit to an app route needs beyond the first route's,
 * sent with the app shell as a `Link` header, so the browser fetches a
 * screen's code alongside the first route's script instead of after it.
 *
 * Without it, a phone opening /login fetched the route table and the login
 * screen's chunks only once the first route's script had arrived and run:
 * three or four more round trips on slow 4G, over HTTP/1.1's six
 * connections, before the screen could paint.
 *
 * The build writes the map (build/route-preloads.ts, from the route table as
 * written in src/app/more-routes.tsx); this module matches a path against its
 * patterns the way React Router ranks them.
 */
import fs from 'node:fs';
import path from 'node:path';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** dist/route-preloads.json. */
export interface RoutePreloads {
  routes: RoutePreload[];
}

export interface RoutePreload {
  /** A React Router path: '/login', '/stores/:city/:restaurant', '/auth/login-as-customer/:id?', '/delivery/*'. */
  path: string;
  /** Built files under the site's root, scripts first: '/assets/auth-screens-BAO-QX3c.js'. */
  files: string[];
}

interface RankedPattern {
  segments: string[];
  splat: boolean;
  score: number;
  files: string[];
}

const PARAM = /^:[\w-]+$/;

/** React Router's ranking (its computeScore): static segments weigh most, a splat least. */
function score(segments: string[], splat: boolean): number {
  const written = ['', ...segments, ...(splat ? ['*'] : [])];
  let total = written.length + (splat ? -2 : 0);
  for (const segment of written) {
    if (segment !== '*') total += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

/** '/a/:b?/c' → '/a/c' and '/a/:b/c', as React Router explodes optional segments. */
function explodeOptionalSegments(segments: string[]): string[][] {
  if (segments.length === 0) return [[]];
  const [first = '', ...rest] = segments;
  const tails = explodeOptionalSegments(rest);
  if (!first.endsWith('?')) return tails.map((tail) => [first, ...tail]);
  const required = first.slice(0, -1);
  return [...tails, ...tails.map((tail) => [required, ...tail])];
}

/** Every route's patterns (optional segments exploded), best-ranked first. */
export function rankRoutePreloads(preloads: RoutePreloads): RankedPattern[] {
  const patterns: RankedPattern[] = [];
  for (const route of preloads.routes) {
    const all = route.path.split('/').filter(Boolean);
    const splat = all.at(-1) === '*';
    const segments = splat ? all.slice(0, -1) : all;
    for (const variant of explodeOptionalSegments(segments)) {
      patterns.push({ segments: variant, splat, score: score(variant, splat), files: route.files });
    }
  }
  return patterns.sort((a, b) => b.score - a.score);
}

function matches(pattern: RankedPattern, segments: string[]): boolean {
  if (pattern.splat ? segments.length < pattern.segments.length : segments.length !== pattern.segments.length) return false;
  return pattern.segments.every((expected, index) => {
    const actual = segments[index] ?? '';
    return PARAM.test(expected) ? actual !== '' : expected.toLowerCase() === actual.toLowerCase();
  });
}

/** The files of the best-ranked route matching `urlPath`, or none. */
export function preloadsFor(patterns: RankedPattern[], urlPath: string): string[] {
  const segments = urlPath.split('/').filter(Boolean);
  return patterns.find((pattern) => matches(pattern, segments))?.files ?? [];
}

/**
 * The `Link` header value that preloads `files`: scripts as module scripts,
 * style sheets as styles.
 * - In CORS mode (`crossorigin`), as the app asks for them (a module script
 *   always; Vite's loader adds a screen's style sheet with `crossOrigin =
 *   ''`): a preload in another mode would not be used, and the file would
 *   come twice.
 * - At low priority: what a first visit paints waits as much for the sync
 *   worker's script and the settings and texts it fetches as for the
 *   screen's code. At the default (high) priority the preloads took the slow
 *   4G link from them, and a cold /login painted 0.3 s later than without
 *   preloads under real throttling; at low, 0.5 s sooner.
 */
export function linkHeader(files: string[]): string | undefined {
  if (files.length === 0) return undefined;
  const link = (file: string) => (file.endsWith('.css') ? `<${file}>; rel=preload; as=style` : `<${file}>; rel=modulepreload`);
  return files.map((file) => `${link(file)}; crossorigin; fetchpriority=low`).join(', ');
}

/**
 * The `Link` header for an app-shell answer at `urlPath`, read from the
 * build's map. The map is read again when its file changes (a rebuild under a
 * running server); without one (an older build) there is no header.
 */
export function routePreloadLinks(distDir: string): (urlPath: string) => string | undefined {
  const mapFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  let loaded: { modified: number; patterns: RankedPattern[] } | undefined;
  return (urlPath) => {
    let modified: number;
    try {
      modified = fs.statSync(mapFile).mtimeMs;
    } catch {
      return undefined;
    }
    if (loaded?.modified !== modified) {
      try {
        loaded = { modified, patterns: rankRoutePreloads(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RoutePreloads) };
      } catch {
        // A map being rewritten, or not one: the page works without preloads.
        return undefined;
      }
    }
    return linkHeader(preloadsFor(loaded.patterns, urlPath));
  };
}
