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

const db = new ReplicaDatabase();
// Features that queue actions register their optimistic effects here.
const effects = new OutboxEffects();
// A dedicated worker is no client the service worker can post to; this channel reaches both ways.
const serviceWorkerChannel = new BroadcastChannel(SW_BROADCAST_CHANNEL);

const { api, drainer } = createSyncService({
  db,
  origin: self.location.origin,
  fetch: (input, init) => fetch(input, init),
  effects,
  postToServiceWorker: (message) => serviceWorkerChannel.postMessage(message),
  mirrorSimulatedOffline: mirrorSimulatedOfflineForServiceWorker,
});

serviceWorkerChannel.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (isFromServiceWorkerMessage(event.data)) void api.settleFromServiceWorker(event.data);
  // A push is an alert stored on the server: fetch it whether it showed in-app or as a notification.
  else if (isPushReceivedMessage(event.data)) void api.refreshAlerts();
});
self.addEventListener('online', () => void drainer.drain());
drainer.start();

expose(api satisfies SyncWorkerApi);
