/**
 * The outbox's one door (DESIGN §4). Areas that queue actions register their
 * optimistic effects (OutboxEffects), queue with queueAction and word an
 * expired action with EXPIRED_WORDS; the composition (sync-service.ts) drains
 * it with an OutboxDrainer over drainOnce and wires the three outbox methods
 * of the worker's API (outboxApi). Nothing outside outbox/ imports its files.
 */
import type { DrainReport, SyncWorkerAreas } from '../../src/api/worker-api.ts';
import type { ReplicaDatabase } from '../../src/db/schema.ts';
import type { ReconnectProbe } from '../net/reconnect-probe.ts';
import { recordConnectivity } from '../replica/sync-state.ts';
import type { OutboxDrainer } from './drainer.ts';
import type { OutboxEffects } from './effects.ts';
import { queueAction } from './queue.ts';
import { settleFromServiceWorker } from './row-status.ts';

export { drainOnce, type DrainPass } from './drain.ts';
export { OutboxDrainer, type DrainerOptions } from './drainer.ts';
export { OutboxEffects, type OutboxEffect, type OutboxOutcome } from './effects.ts';
export { queueAction } from './queue.ts';
export { EXPIRED_WORDS } from './row-status.ts';

/** What an area that queues actions holds of the outbox. */
export interface OutboxAccess {
  effects: OutboxEffects;
  /** One drain of the outbox (the service's drainer, so passes never overlap). */
  drain(): Promise<DrainReport>;
}

export interface OutboxApiDeps {
  db: ReplicaDatabase;
  effects: OutboxEffects;
  drainer: OutboxDrainer;
  reconnect: ReconnectProbe;
  now(): number;
  /** A row the service worker's answer settled for good (a driver's answered step moved their lists on the server). */
  afterSettled(): Promise<void>;
}

export type OutboxHandlers = SyncWorkerAreas['outbox'];

export function outboxApi({ db, effects, drainer, reconnect, now, afterSettled }: OutboxApiDeps): OutboxHandlers {
  return {
    async queueAction(input) {
      const entry = await queueAction(db, effects, input, now());
      void drainer.drain();
      return { id: entry.id };
    },
    async drainOutbox() {
      const report = await drainer.drain();
      // The page came back to the foreground or heard `online`, and nothing was sent that would have told:
      // ask the server now rather than at the next probe.
      if (report.sent === 0) reconnect.probeNow();
      return report;
    },
    async settleFromServiceWorker(message) {
      // The server answered the service worker: the network is back for everyone.
      if (message.type === 'OUTBOX_APPLIED' || message.type === 'OUTBOX_REJECTED') {
        await recordConnectivity(db, null, now());
        reconnect.observe({ kind: 'answer', status: message.status, body: message.body, isJson: true }, false);
      }
      // A settled row may have held up later rows of its user; a driver's answered step moved their lists on the server.
      if (await settleFromServiceWorker(db, effects, message, now())) {
        void drainer.drain();
        void afterSettled();
      }
    },
  };
}
