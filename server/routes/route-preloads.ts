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
 * The header names the document's own files first, so they keep their place
 * ahead of the screen's, and on a store's page the store's header image
 * (static-files.ts looks it up by the route's `restaurant` parameter).
 *
 * The build writes the map (build/route-preloads.ts, from the route table as
 * written in src/app/more-routes.tsx and from the built index.html); this
 * module matches a path against its patterns the way React Router ranks
 * them, with their parameters.
 */
import fs from 'node:fs';
import path from 'node:path';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** dist/route-preloads.json. */
export interface RoutePreloads {
  /** What the document itself loads (the first route's script and style sheet), scripts first. */
  document: string[];
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

/** The route's parameters at `segments` (decoded, as React Router gives them), or undefined when it does not match. */
function paramsAt(pattern: RankedPattern, segments: string[]): Record<string, string> | undefined {
  if (pattern.splat ? segments.length < pattern.segments.length : segments.length !== pattern.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, expected] of pattern.segments.entries()) {
    const actual = segments[index] ?? '';
    if (PARAM.test(expected)) {
      if (actual === '') return undefined;
      params[expected.slice(1)] = decodeSegment(actual);
    } else if (expected.toLowerCase() !== actual.toLowerCase()) {
      return undefined;
    }
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The route React Router would show at `urlPath`: its files and its parameters. */
export interface RouteMatch {
  files: string[];
  params: Record<string, string>;
}

/** What the app shell at an address preloads: the document's own files, then the route's. */
export interface ShellPreloads {
  document: string[];
  route: RouteMatch;
}

/** The best-ranked route matching `urlPath`, or undefined. */
export function matchRoute(patterns: RankedPattern[], urlPath: string): RouteMatch | undefined {
  const segments = urlPath.split('/').filter(Boolean);
  for (const pattern of patterns) {
    const params = paramsAt(pattern, segments);
    if (params) return { files: pattern.files, params };
  }
  return undefined;
}

/** The one large image a screen paints first, and where it paints it: a media query of the page's viewport, or everywhere. */
export interface ScreenImage {
  url: string;
  media?: string;
}

/**
 * The `Link` header value that preloads the document's own files, the
 * route's `files` and, when the screen there paints one large image first,
 * that `image`.
 * - The document's files first, at their usual priority: otherwise the
 *   screen's files, named in the header, went out before them and took
 *   HTTP/1.1's six connections while the first route's script, the largest
 *   file of a first visit, waited in line. The document's own tags then use
 *   what came.
 * - Scripts as module scripts, style sheets as styles, in CORS mode
 *   (`crossorigin`), as the app asks for them (a module script always; the
 *   document's style sheet and Vite's loader for a screen's use CORS too): a
 *   preload in another mode would not be used, and the file would come twice.
 * - The route's files at low priority: what a first visit paints waits as
 *   much for the sync worker's script and the settings and texts it fetches
 *   as for the screen's code. At the default (high) priority the preloads
 *   took the slow 4G link from them, and a cold /login painted 0.3 s later
 *   than without preloads under real throttling; at low, 0.5 s sooner.
 * - The image as an image, with no mode, as an `<img>` without
 *   `crossorigin` asks for it, at the browser's own priority for a preloaded
 *   image. Otherwise it would be asked for only once the screen's code and
 *   the store's data had arrived and the screen had rendered. With a
 *   `media` query when only some viewports paint it (the home's promo
 *   banner, which the desktop landing does not show): the browser fetches
 *   it only where the query matches.
 */
export function linkHeader({ document, route }: ShellPreloads, image?: ScreenImage): string | undefined {
  const code = (file: string) => `<${file}>; ${file.endsWith('.css') ? 'rel=preload; as=style' : 'rel=modulepreload'}; crossorigin`;
  const links = [...document.map(code), ...route.files.map((file) => `${code(file)}; fetchpriority=low`)];
  if (image !== undefined && isLinkableUrl(image.url)) links.push(`<${image.url}>; rel=preload; as=image${image.media ? `; media="${image.media}"` : ''}`);
  return links.length === 0 ? undefined : links.join(', ');
}

/**
 * A same-site path or an http(s) address with nothing that would end the
 * link or the header early: an image address comes from the catalogue, which
 * an operator writes.
 */
function isLinkableUrl(url: string): boolean {
  return /^(\/(?!\/)|https?:\/\/)[\x21-\x7e]*$/.test(url) && !/[<>",;\\]/.test(url);
}

/**
 * What the app shell at an address preloads, read from the build's map. The
 * map is read again when its file changes (a rebuild under a running
 * server); without one (an older build), or at an address no route matches,
 * nothing.
 */
export function shellPreloadsAt(distDir: string): (urlPath: string) => ShellPreloads | undefined {
  const mapFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  let loaded: { modified: number; document: string[]; patterns: RankedPattern[] } | undefined;
  return (urlPath) => {
    let modified: number;
    try {
      modified = fs.statSync(mapFile).mtimeMs;
    } catch {
      return undefined;
    }
    if (loaded?.modified !== modified) {
      try {
        const preloads = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RoutePreloads;
        loaded = { modified, document: Array.isArray(preloads.document) ? preloads.document : [], patterns: rankRoutePreloads(preloads) };
      } catch {
        // A map being rewritten, or not one: the page works without preloads.
        return undefined;
      }
    }
    const route = matchRoute(loaded.patterns, urlPath);
    return route && { document: loaded.document, route };
  };
}
