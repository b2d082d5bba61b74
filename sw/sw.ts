/**
 * The service worker (DESIGN §4): precache and app shell, boot files and
 * images for offline starts, background-sync queues for queued actions, and
 * the messages pages send. Built by vite-plugin-pwa (injectManifest), which
 * fills `self.__WB_MANIFEST`.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { log, serviceWorkerChannel } from './broadcast.ts';
import { listenForMessages } from './messages.ts';
import { createOutboxQueues } from './outbox-queues.ts';
import { listenForPush } from './push.ts';
import { registerApiRoutes, registerBootFileRoutes, registerImageRoute, registerNavigationRoute } from './routes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// A new version waits for the page's SKIP_WAITING (the UI offers the update);
// once active it takes the open pages at once.
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const queues = createOutboxQueues();
registerApiRoutes(queues);
registerBootFileRoutes();
registerImageRoute();
registerNavigationRoute();
listenForMessages(queues);

// Push messages (Firebase Cloud Messaging, read without Firebase code) and
// their notifications' clicks: here, never in a second firebase-messaging-sw.js.
listenForPush({ channel: serviceWorkerChannel, log });

// Chromium replays on `sync` events; a start-up replay covers what waited
// while no sync could fire (the browser fires none until the network returns).
// Browsers without Background Sync already did this while building the queues.
if ('sync' in self.registration) {
  void queues.replay().catch((error: unknown) => console.warn('[sw] start-up replay failed', error));
}
