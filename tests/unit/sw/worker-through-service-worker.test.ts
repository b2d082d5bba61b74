// @vitest-environment node
/**
 * The two layers of DESIGN §4 together: the sync worker drains the Dexie
 * outbox through the service worker's fetch logic and queue, and settles rows
 * from what the service worker reports, as it does over the broadcast channel.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Queue } from 'workbox-background-sync';
import { IDEMPOTENCY_HEADER, type OutboxEntry } from '../../../src/api/outbox.ts';
import type { QueueActionInput } from '../../../src/api/worker-api.ts';
import { handleOutboxPost, queuedActionOf } from '../../../sw/outbox-fetch.ts';
import { replayQueue, type ReplayDeps } from '../../../sw/outbox-replay.ts';
import { OutboxEffects } from '../../../worker/outbox/effects.ts';
import { queueAction } from '../../../worker/outbox/queue.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { startHarness, type Harness } from '../worker/harness.ts';
import { ServiceWorkerRecorder, emulateServiceWorkerScope, freshQueue } from './service-worker-scope.ts';

vi.hoisted(() => {
  Object.assign(globalThis, { __WB_DISABLE_DEV_LOGS: true });
});

let server: TestServer;
let englishId: number;
let harness: Harness;
let recorder: ServiceWorkerRecorder;
let queue: Queue;
let serviceWorker: ReplayDeps;

beforeAll(async () => {
  server = await startTestServer();
  englishId = Number((await server.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow()).id);
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  emulateServiceWorkerScope(server.url);
  recorder = new ServiceWorkerRecorder();
  queue = freshQueue();
  // The worker's fetches pass through the service worker, which reaches the (switchable) network.
  const throughServiceWorker: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const action = queuedActionOf(request);
    if (!action) return harness.network.fetch(request);
    return handleOutboxPost(request, action, { ...serviceWorker, queueFor: () => queue });
  };
  harness = await startHarness({ server, service: { fetch: throughServiceWorker } });
  serviceWorker = recorder.deps(harness.network, (message) => harness.service.api.settleFromServiceWorker(message));
});
afterEach(async () => {
  await harness.close();
  vi.unstubAllGlobals();
});

function action(userKey: string): QueueActionInput {
  return { kind: 'driver-action', call: 'get-single-language', body: { id: englishId }, userKey, label: 'Picked up' };
}

async function queued(input: QueueActionInput): Promise<OutboxEntry> {
  return queueAction(harness.db, new OutboxEffects(), input, Date.now());
}

async function status(id: string) {
  return (await harness.db.outbox.get(id))!.status;
}

function timesSent(key: string): number {
  return harness.network.sent.filter((request) => request.headers.get(IDEMPOTENCY_HEADER) === key).length;
}

describe('an action sent while the network is dead', () => {
  it('is held by the service worker, left to it by the worker, and settled by its replay', async () => {
    harness.network.offline = true;
    const entry = await queued(action('driver:1'));

    expect(await harness.service.api.drainOutbox()).toEqual({ sent: 1, applied: 0, rejected: 0, queued: 1, remaining: 1 });
    expect(await status(entry.id)).toBe('queued');
    expect(recorder.logs).toEqual([`[sw] queued driver-action ${entry.id}`]);

    // Nothing waits behind it: the worker does not send it again.
    await harness.service.api.drainOutbox();
    expect(timesSent(entry.id)).toBe(1);

    harness.network.offline = false;
    await replayQueue(queue, serviceWorker);
    expect(await harness.db.outbox.get(entry.id)).toMatchObject({
      status: 'applied',
      response: { status: 200, body: { id: englishId } },
    });
    expect(recorder.logs).toContain(`[sw] replayed ${entry.id} 200`);
  });

  it('keeps its place: a later action of the same user waits, and both reach the server once, in order', async () => {
    harness.network.offline = true;
    const first = await queued(action('driver:1'));
    await harness.service.api.drainOutbox();
    const second = await queued(action('driver:1'));

    // Offline, the worker offers the held row again (the service worker
    // keeps one copy) and the later one waits behind it.
    await harness.service.api.drainOutbox();
    expect(await status(first.id)).toBe('queued');
    expect(await status(second.id)).toBe('pending');
    expect(timesSent(second.id)).toBe(0);
    expect(await queue.size()).toBe(1);

    harness.network.offline = false;
    harness.network.sent.length = 0;
    expect(await harness.service.api.drainOutbox()).toMatchObject({ applied: 2, remaining: 0 });
    expect(harness.network.sent.map((request) => request.headers.get(IDEMPOTENCY_HEADER))).toEqual([first.id, second.id]);

    // The service worker's copy goes out later: the server answers from its store.
    await replayQueue(queue, serviceWorker);
    expect(harness.network.answers.map((answer) => answer.replayed)).toEqual([false, false, true]);
    expect(await status(first.id)).toBe('applied');
    const stored = await server.db.selectFrom('idempotency_keys').select('idempotency_key').where('idempotency_key', '=', first.id).execute();
    expect(stored).toHaveLength(1);
  });
});
