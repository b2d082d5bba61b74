// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueueStore, type Queue } from 'workbox-background-sync';
import { QUEUE_RETENTION_MINUTES } from '../../../src/api/constants.ts';
import { IDEMPOTENCY_HEADER, OUTBOX_KIND_HEADER, type OutboxKind } from '../../../src/api/outbox.ts';
import { handleOutboxPost, queuedActionOf } from '../../../sw/outbox-fetch.ts';
import { expireOldEntries, metadataOf, replayQueue } from '../../../sw/outbox-replay.ts';
import { holdIdempotencyKey } from '../../support/idempotency.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { TestNetwork } from '../worker/harness.ts';
import { ServiceWorkerRecorder, emulateServiceWorkerScope, freshQueue } from './service-worker-scope.ts';

vi.hoisted(() => {
  Object.assign(globalThis, { __WB_DISABLE_DEV_LOGS: true });
});

let server: TestServer;
let englishId: number;
let network: TestNetwork;
let recorder: ServiceWorkerRecorder;
let queue: Queue;

beforeAll(async () => {
  server = await startTestServer();
  englishId = Number((await server.db.selectFrom('languages').select('id').where('code', '=', 'en').executeTakeFirstOrThrow()).id);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  emulateServiceWorkerScope(server.url);
  network = new TestNetwork();
  recorder = new ServiceWorkerRecorder();
  queue = freshQueue();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A queued action's POST, as the sync worker sends it. */
function actionRequest(key: string, languageId = englishId, kind: OutboxKind = 'driver-action'): Request {
  return new Request(`${server.url}/public/api/get-single-language`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [IDEMPOTENCY_HEADER]: key,
      [OUTBOX_KIND_HEADER]: kind,
      'X-Acted-At': '2030-01-01T00:00:00.000Z',
    },
    body: JSON.stringify({ id: languageId }),
  });
}

async function post(request: Request): Promise<Response> {
  const action = queuedActionOf(request);
  if (!action) throw new Error('not an outbox request');
  return handleOutboxPost(request, action, { ...recorder.deps(network), queueFor: () => queue });
}

async function waitingKeys(): Promise<string[]> {
  return (await queue.getAll()).map((entry) => metadataOf(entry)?.idempotencyKey ?? '?');
}

function key(name: string): string {
  return `${name}-${crypto.randomUUID()}`;
}

describe('a queued action’s POST', () => {
  it('passes the server’s answer through unchanged, even an error', async () => {
    const response = await post(actionRequest(key('missing'), 999));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await queue.size()).toBe(0);
  });

  it('is stored with its key and kind when the network is dead, and answered 202 queued', async () => {
    network.offline = true;
    const k = key('pickup');
    const response = await post(actionRequest(k));

    expect(response.status).toBe(202);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await response.json()).toEqual({ queued: true, queue: queue.name });
    const [stored] = await queue.getAll();
    expect(stored!.metadata).toEqual({ idempotencyKey: k, kind: 'driver-action' });
    expect(stored!.request.headers.get('X-Acted-At')).toBe('2030-01-01T00:00:00.000Z');
    expect(await stored!.request.json()).toEqual({ id: englishId });
    expect(recorder.reports).toEqual([{ type: 'OUTBOX_QUEUED', idempotencyKey: k, kind: 'driver-action' }]);
    expect(recorder.logs).toEqual([`[sw] queued driver-action ${k}`]);
  });

  it('is stored once however often it is sent with the same key', async () => {
    network.offline = true;
    const k = key('twice');
    await post(actionRequest(k));
    const again = await post(actionRequest(k));
    expect(again.status).toBe(202);
    expect(await waitingKeys()).toEqual([k]);
    expect(recorder.logs).toEqual([`[sw] queued driver-action ${k}`, `[sw] already queued driver-action ${k}`]);
  });

  it('is stored without touching the network while offline mode is simulated', async () => {
    recorder.simulatedOffline = true;
    const response = await post(actionRequest(key('simulated')));
    expect(response.status).toBe(202);
    expect(network.sent).toEqual([]);
  });

  it('is recognised only as a POST under /public/api with a known kind and a key', () => {
    const k = key('k');
    expect(queuedActionOf(actionRequest(k))).toEqual({ kind: 'driver-action', idempotencyKey: k });
    expect(queuedActionOf(new Request(`${server.url}/public/api/get-settings`, { method: 'POST' }))).toBeNull();
    expect(queuedActionOf(new Request(`${server.url}/public/api/x`, { headers: { [OUTBOX_KIND_HEADER]: 'driver-action', [IDEMPOTENCY_HEADER]: k } }))).toBeNull();
    const unknownKind = new Request(`${server.url}/public/api/x`, { method: 'POST', headers: { [OUTBOX_KIND_HEADER]: 'teleport', [IDEMPOTENCY_HEADER]: k } });
    expect(queuedActionOf(unknownKind)).toBeNull();
    const noKey = new Request(`${server.url}/public/api/x`, { method: 'POST', headers: { [OUTBOX_KIND_HEADER]: 'driver-action' } });
    expect(queuedActionOf(noKey)).toBeNull();
    const elsewhere = new Request(`${server.url}/docs/x`, { method: 'POST', headers: { [OUTBOX_KIND_HEADER]: 'driver-action', [IDEMPOTENCY_HEADER]: k } });
    expect(queuedActionOf(elsewhere)).toBeNull();
  });
});

describe('replay', () => {
  it('sends what waited in order once the network is back, and reports each answer', async () => {
    network.offline = true;
    const first = key('first');
    const second = key('second');
    await post(actionRequest(first));
    await post(actionRequest(second));
    recorder.reports.length = 0;
    recorder.logs.length = 0;
    network.sent.length = 0;

    network.offline = false;
    const summary = await replayQueue(queue, recorder.deps(network));

    expect(summary).toEqual({ applied: 2, rejected: 0 });
    expect(network.sent.map((request) => request.headers.get(IDEMPOTENCY_HEADER))).toEqual([first, second]);
    expect(recorder.reports).toEqual([
      { type: 'OUTBOX_APPLIED', idempotencyKey: first, kind: 'driver-action', status: 200, body: expect.objectContaining({ id: englishId, code: 'en' }) },
      { type: 'OUTBOX_APPLIED', idempotencyKey: second, kind: 'driver-action', status: 200, body: expect.objectContaining({ id: englishId }) },
    ]);
    expect(recorder.logs).toEqual([`[sw] replayed ${first} 200`, `[sw] replayed ${second} 200`]);
    expect(await queue.size()).toBe(0);
  });

  it('reports a final 4xx as rejected with the server’s body, drops it, and goes on', async () => {
    network.offline = true;
    const refused = key('refused');
    const next = key('next');
    await post(actionRequest(refused, 999));
    await post(actionRequest(next));
    network.offline = false;
    recorder.reports.length = 0;

    expect(await replayQueue(queue, recorder.deps(network))).toEqual({ applied: 1, rejected: 1 });
    expect(recorder.reports[0]).toEqual({
      type: 'OUTBOX_REJECTED',
      idempotencyKey: refused,
      kind: 'driver-action',
      status: 404,
      body: { message: 'There is no language with id 999.', code: 'NOT_FOUND' },
    });
    expect(await queue.size()).toBe(0);
  });

  it('puts a request back at the front, with its first timestamp, when the network is still down', async () => {
    network.offline = true;
    const first = key('first');
    const second = key('second');
    await post(actionRequest(first));
    await post(actionRequest(second));
    const [storedFirst] = await queue.getAll();
    recorder.reports.length = 0;

    const summary = await replayQueue(queue, recorder.deps(network));

    expect(summary).toEqual({ applied: 0, rejected: 0, paused: { idempotencyKey: first, reason: 'network' } });
    expect(await waitingKeys()).toEqual([first, second]);
    expect((await queue.getAll())[0]!.timestamp).toBe(storedFirst!.timestamp);
    expect(recorder.reports).toEqual([]);
    expect(recorder.logs).toContain(`[sw] replay paused driver-action ${first}: network`);
  });

  it('waits when the server says the same action is still running (409 IDEMPOTENCY_IN_PROGRESS)', async () => {
    network.offline = true;
    const busy = key('busy');
    await post(actionRequest(busy));
    await holdIdempotencyKey(server, { call: 'get-single-language', key: busy, body: { id: englishId } });
    network.offline = false;

    const summary = await replayQueue(queue, recorder.deps(network));
    expect(summary.paused).toEqual({ idempotencyKey: busy, reason: 'status 409' });
    expect(await waitingKeys()).toEqual([busy]);
  });

  it('does not touch the network while offline mode is simulated', async () => {
    recorder.simulatedOffline = true;
    await post(actionRequest(key('simulated')));
    const summary = await replayQueue(queue, recorder.deps(network));
    expect(summary.paused?.reason).toBe('network');
    expect(network.sent).toEqual([]);
  });

  it('sends a request once when a sync event and a REPLAY_QUEUE message come together', async () => {
    network.offline = true;
    const k = key('once');
    await post(actionRequest(k));
    network.offline = false;
    network.sent.length = 0;
    const [a, b] = await Promise.all([replayQueue(queue, recorder.deps(network)), replayQueue(queue, recorder.deps(network))]);
    expect(a.applied + b.applied).toBe(1);
    expect(network.sent.filter((request) => request.headers.get(IDEMPOTENCY_HEADER) === k)).toHaveLength(1);
  });
});

describe('retention', () => {
  it('reports requests older than the retention as expired instead of dropping them silently', async () => {
    const now = Date.now();
    const old = key('old');
    const fresh = key('fresh');
    await queue.pushRequest({
      request: actionRequest(old),
      metadata: { idempotencyKey: old, kind: 'driver-action' },
      timestamp: now - (QUEUE_RETENTION_MINUTES + 1) * 60_000,
    });
    await queue.pushRequest({ request: actionRequest(fresh), metadata: { idempotencyKey: fresh, kind: 'driver-action' } });

    const expired = await expireOldEntries(new QueueStore(queue.name), queue.name, QUEUE_RETENTION_MINUTES, now, recorder.deps(network));

    expect(expired).toBe(1);
    expect(recorder.reports).toEqual([{ type: 'OUTBOX_EXPIRED', idempotencyKey: old, kind: 'driver-action' }]);
    expect(recorder.logs).toEqual([`[sw] expired driver-action ${old}`]);
    expect(await waitingKeys()).toEqual([fresh]);
  });
});
