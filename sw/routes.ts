/**
 * What the service worker answers, route by route (DESIGN §4): the app shell
 * from the precache, the manifest network-first so the app installs and starts
 * offline, /version.json from the network only, images cache-first, and /public/api never cached here (the sync
 * worker and Dexie own offline data) but honouring the simulated offline mode.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { API_PREFIX, VERSION_PATH } from '../src/api/paths.ts';
import { handleOutboxPost, queuedActionOf } from './outbox-fetch.ts';
import { replayDeps, type OutboxQueues } from './outbox-queues.ts';
import { readSimulatedOffline } from './simulated-offline.ts';

declare const self: ServiceWorkerGlobalScope;

const MANIFEST_PATH = '/manifest.webmanifest';
const BOOT_FILES_NETWORK_TIMEOUT_SECONDS = 3;

function isSameOrigin(url: URL): boolean {
  return url.origin === self.location.origin;
}

function isApiPath(url: URL): boolean {
  return isSameOrigin(url) && url.pathname.startsWith(`${API_PREFIX}/`);
}

/** What a dead network gives: fetch() in the page or worker rejects with a TypeError. */
function deadNetwork(): Response {
  return Response.error();
}

export function registerNavigationRoute(): void {
  // Server paths a navigation may open directly; everything else is the SPA.
  const denylist = [/^\/public\/api(\/|$)/, /^\/docs(\/|$)/, /^\/version\.json$/, /^\/manifest\.webmanifest$/];
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist }));
}

export function registerBootFileRoutes(): void {
  const bootFiles = new NetworkFirst({
    cacheName: 'foodpilot-boot-files',
    networkTimeoutSeconds: BOOT_FILES_NETWORK_TIMEOUT_SECONDS,
  });
  registerRoute(({ url }) => isSameOrigin(url) && url.pathname === MANIFEST_PATH, bootFiles);
  // Never from a cache: the worker reads it to learn what the server says now, and an old copy
  // answered offline would tell it the server was reached (the offline banner went off and on).
  registerRoute(
    ({ url }) => isSameOrigin(url) && url.pathname === VERSION_PATH,
    async ({ request }) => ((await readSimulatedOffline()) ? deadNetwork() : fetch(request)),
  );
}

export function registerImageRoute(): void {
  registerRoute(
    ({ request, url }) => request.destination === 'image' || (isSameOrigin(url) && url.pathname.startsWith('/public/images/')),
    new CacheFirst({
      cacheName: 'foodpilot-images',
      plugins: [
        // 0: a cross-origin image answered without CORS is opaque but still worth keeping.
        new CacheableResponsePlugin({ statuses: [0, 200] }),
        new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
  );
}

export function registerApiRoutes(queues: OutboxQueues): void {
  const handleApi = async ({ request }: { request: Request }): Promise<Response> => {
    const action = queuedActionOf(request);
    if (action) return handleOutboxPost(request, action, { ...replayDeps, queueFor: queues.queueFor });
    if (await readSimulatedOffline()) return deadNetwork();
    return fetch(request);
  };
  registerRoute(({ url }) => isApiPath(url), handleApi, 'POST');
  registerRoute(({ url }) => isApiPath(url), handleApi, 'GET');
}
