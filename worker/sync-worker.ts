/**
 * The sync worker (DESIGN §3): every call to /public/api, written into the
 * Dexie replica the UI reads. The page reaches it through comlink, typed by
 * `SyncWorkerApi`; the service worker reaches it through the broadcast channel.
 */
import { expose } from 'comlink';
import { SW_BROADCAST_CHANNEL, isFromServiceWorkerMessage, isPushReceivedMessage } from '../src/api/sw-messages.ts';
import type { SyncWorkerApi } from '../src/api/worker-api.ts';
import { ReplicaDatabase } from '../src/db/schema.ts';
import { OutboxEffects } from './outbox/api.ts';
import { mirrorSimulatedOfflineForServiceWorker } from './net/simulated-offline.ts';
import { createSyncService } from './sync-service.ts';
import { writeBuiltInDefaults } from './replica/writes.ts';
import { pathOfEarlySyncWorker } from '../src/lib/early-sync-worker.ts';
import { storeSlugOfPath } from '../src/lib/store-paths.ts';

const db = new ReplicaDatabase();
// Features that queue actions register their optimistic effects here.
const effects = new OutboxEffects();
// A dedicated worker is no client the service worker can post to; this channel reaches both ways.
const serviceWorkerChannel = new BroadcastChannel(SW_BROADCAST_CHANNEL);

const { api, drainer, bootBeforeAsked, openStoreBeforeAsked } = createSyncService({
  db,
  origin: self.location.origin,
  fetch: (input, init) => fetch(input, init),
  effects,
  postToServiceWorker: (message) => serviceWorkerChannel.postMessage(message),
  mirrorSimulatedOffline: mirrorSimulatedOfflineForServiceWorker,
});

// The built-in words and settings need no network: in the replica before the page asks for its boot,
// so a first visit's first paint does not wait on them.
writeBuiltInDefaults(db).catch((error: unknown) => console.warn('built-in texts not written yet', error));
// Started by the built page's <head>, long before the page's own script runs: a first visit's requests go
// now, and a store page's store beside them (a shared link used to wait for the boot, then the screen).
const documentPath = pathOfEarlySyncWorker(self.name);
if (documentPath !== null) {
  void bootBeforeAsked();
  const storeSlug = storeSlugOfPath(documentPath);
  if (storeSlug !== null) void openStoreBeforeAsked(storeSlug);
}

serviceWorkerChannel.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (isFromServiceWorkerMessage(event.data)) void api.settleFromServiceWorker(event.data);
  // A push is an alert stored on the server: fetch it whether it showed in-app or as a notification.
  else if (isPushReceivedMessage(event.data)) void api.refreshAlerts();
});
self.addEventListener('online', () => void drainer.drain());
drainer.start();

expose(api satisfies SyncWorkerApi);
