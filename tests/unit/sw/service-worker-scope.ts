/**
 * Runs the service worker's queue logic in Node: a real Workbox `Queue` on
 * fake-indexeddb, real Requests and Responses, and a real API server. Workbox
 * reads three things from the service worker's global scope; Node has none.
 * Its development logger also reads `self` while being imported, so a test
 * file sets `__WB_DISABLE_DEV_LOGS` in `vi.hoisted` before any import.
 */
import { vi } from 'vitest';
import { Queue } from 'workbox-background-sync';
import { queueNameFor, type OutboxKind } from '../../../src/api/outbox.ts';
import type { FromServiceWorkerMessage } from '../../../src/api/sw-messages.ts';
import type { ReplayDeps } from '../../../sw/outbox-replay.ts';
import type { TestNetwork } from '../worker/harness.ts';

export function emulateServiceWorkerScope(origin: string): void {
  vi.stubGlobal('self', globalThis);
  // No `sync` in the registration: Workbox's start-up path, which calls onSync at construction.
  vi.stubGlobal('registration', {});
  vi.stubGlobal('location', new URL('/sw.js', origin));
}

/** A queue with a name of its own: Workbox refuses two queues of one name in a process. */
export function freshQueue(kind: OutboxKind = 'driver-action'): Queue {
  // Replays are driven by the test; the real service worker passes its replay here.
  return new Queue(`${queueNameFor(kind)}-${crypto.randomUUID()}`, { onSync: async () => {} });
}

/** What the service worker would broadcast and log, kept for assertions. */
export class ServiceWorkerRecorder {
  readonly reports: FromServiceWorkerMessage[] = [];
  readonly logs: string[] = [];
  simulatedOffline = false;

  deps(network: TestNetwork, onReport?: (message: FromServiceWorkerMessage) => Promise<void>): ReplayDeps {
    return {
      fetch: (request) => network.fetch(request),
      isOffline: async () => this.simulatedOffline,
      report: async (message) => {
        this.reports.push(message);
        await onReport?.(message);
      },
      log: (line) => this.logs.push(line),
    };
  }
}
