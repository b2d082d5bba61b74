/**
 * Serves the Vite build (DIST_DIR) and the generated images (DATA_DIR/images),
 * and answers everything no route claimed: the SPA's index.html for a browser
 * navigation, JSON 404 for API paths, a 503 page when there is no build yet.
 *
 * Caching: index.html, sw.js and other unhashed files revalidate every time
 * (a stale sw.js would pin users to an old app); hashed files under /assets/
 * never change, so they are immutable for a year.
 *
 * Compression: the build writes `<file>.br` and `<file>.gz` beside every
 * text file (vite.config.ts, `precompress`); a request that accepts them
 * gets one of those as it is (brotli first), with `Content-Encoding`, the
 * original file's Content-Type and `Vary: Accept-Encoding`; the SPA's
 * index.html too. Nothing is compressed at request time here.
 *
 * Preloads: the SPA's page at an app route carries a `Link` header naming
 * the code of the screen there (route-preloads.ts), so a cold visit fetches
 * it beside the first route's script; at a store's page, the store's header
 * image too, the largest thing that page paints first, and at the home, on
 * a phone's viewport, the first promo banner a first visit shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DESKTOP_BREAKPOINT_PX } from '../../src/api/constants.ts';
import { API_PREFIX, VERSION_PATH } from '../../src/api/paths.ts';
import { sendApiError } from '../http/error-handler.ts';
import { IMAGES_PREFIX } from '../uploads/uploaded-images.ts';
import { MANIFEST_PATH } from './manifest.ts';
import { linkHeader, shellPreloadsAt, type RouteMatch, type ScreenImage } from './route-preloads.ts';

export const DOCS_PREFIX = '/docs';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
export const IMMUTABLE = `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
export const IMAGE_CACHE = `public, max-age=${ONE_YEAR_SECONDS}`;

/** Paths whose misses are JSON 404s, never the SPA page. */
const NON_SPA_PREFIXES = [API_PREFIX, DOCS_PREFIX, VERSION_PATH, MANIFEST_PATH, IMAGES_PREFIX.slice(0, -1)];

export interface StaticFilesOptions {
  distDir: string;
  imagesDir: string;
  /** The image of the store with this slug (its page's header), if it has one. */
  storeImage?: (slug: string) => Promise<string | null | undefined>;
  /** The promo banner a first visit's mobile home paints first (catalog/promo-slides.ts), if there is one. */
  homeImage?: () => Promise<string | null | undefined>;
}

/** The store route's parameter naming the store (spec §2 /stores/:city?/:restaurant). */
const STORE_PARAM = 'restaurant';
/** Where the home is the mobile home, with its promo banner: the desktop landing (wider, src/base/hooks/use-media-query.ts) shows none. */
export const MOBILE_HOME_MEDIA = `(max-width: ${DESKTOP_BREAKPOINT_PX}px)`;

export function cacheControlForBuildFile(relativePath: string): string {
  return relativePath.split(path.sep).join('/').startsWith('assets/') ? IMMUTABLE : 'no-cache';
}

async function staticFiles(app: FastifyInstance, options: StaticFilesOptions): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const preloadsAt = shellPreloadsAt(options.distDir);

  /** The `Link` header for the app shell at `urlPath`: the page's and the screen's code and the image it paints first (screenImage). */
  async function preloadLinksAt(urlPath: string, log: FastifyRequest['log']): Promise<string | undefined> {
    const preloads = preloadsAt(urlPath);
    if (!preloads) return undefined;
    return linkHeader(preloads, await screenImage(urlPath, preloads.route, log));
  }

  /** A store page's header image; the home's first promo banner, on a phone's viewport. */
  async function screenImage(urlPath: string, route: RouteMatch, log: FastifyRequest['log']): Promise<ScreenImage | undefined> {
    try {
      const slug = route.params[STORE_PARAM];
      if (slug !== undefined) {
        const url = await options.storeImage?.(slug);
        return url ? { url } : undefined;
      }
      if (urlPath === '/') {
        const url = await options.homeImage?.();
        return url ? { url, media: MOBILE_HOME_MEDIA } : undefined;
      }
      return undefined;
    } catch (error) {
      // The page matters more than its preload.
      log.warn({ err: error, urlPath }, 'image for the preload header');
      return undefined;
    }
  }

  await app.register(fastifyStatic, {
    root: options.distDir,
    preCompressed: true,
    // Without a build the fallback below answers 503; no need to warn at boot.
    suppressWarning: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlForBuildFile(path.relative(options.distDir, filePath)));
    },
  });

  await app.register(fastifyStatic, {
    root: options.imagesDir,
    prefix: IMAGES_PREFIX,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', IMAGE_CACHE);
    },
  });

  // The home is the app shell like every other route, with its preloads, not the directory's index file.
  app.get('/', async (request, reply) => sendAppShell(reply, indexFile, await preloadLinksAt('/', request.log)));

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsAppShell(request)) return sendAppShell(reply, indexFile, await preloadLinksAt(pathOf(request), request.log));
    const urlPath = pathOf(request);
    const hint = urlPath.startsWith(`${API_PREFIX}/`) && request.method !== 'POST' ? ' API calls use POST.' : '';
    return sendApiError(reply, 404, { message: `${request.method} ${urlPath} does not exist.${hint}`, code: 'NOT_FOUND' });
  });
}

// Not encapsulated: the not-found handler must be the app's own.
export default fp(staticFiles, { name: 'static-files' });

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

/** A browser navigation to an app route (e.g. /stores/riverton/x), not a fetch for data or a file. */
function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const urlPath = pathOf(request);
  if (NON_SPA_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`))) return false;
  if (urlPath === '/') return true;
  return (request.headers.accept ?? '').includes('text/html');
}

/** The SPA's page, with a `Link` header preloading what the screen at its address needs first (route-preloads.ts). */
function sendAppShell(reply: FastifyReply, indexFile: string, preloadLinks: string | undefined): FastifyReply {
  reply.header('cache-control', 'no-cache');
  if (!fs.existsSync(indexFile)) {
    return reply.code(503).type('text/html; charset=utf-8').send(NO_BUILD_PAGE);
  }
  if (preloadLinks) reply.header('link', preloadLinks);
  return reply.type('text/html; charset=utf-8').sendFile('index.html');
}

const NO_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>App not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>The app has not been built yet</h1>
<p>The API is running, but there is no web app to serve. Run <code>npm run build</code>, then reload this page
(or use <code>npm start</code>, which builds it for you).</p>
<p>API documentation: <a href="/docs">/docs</a></p>
</body></html>
`;
