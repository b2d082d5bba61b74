// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACTED_AT_HEADER, IDEMPOTENCY_HEADER, OUTBOX_KIND_HEADER, type OutboxEntry } from '../../../../src/api/outbox.ts';
import type { QueueActionInput } from '../../../../src/api/worker-api.ts';
import { PrefKey } from '../../../../src/db/schema.ts';
import { OutboxEffects } from '../../../../worker/outbox/effects.ts';
import { queueAction } from '../../../../worker/outbox/queue.ts';
import { EXPIRED_WORDS } from '../../../../worker/outbox/row-status.ts';
import { holdIdempotencyKey } from '../../../support/idempotency.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import { startHarness, type Harness } from '../harness.ts';

// The server has no mutating call yet; any POST honours Idempotency-Key, so
// actions here ask for a language: a real id is applied, a missing one is a
// final 404 with the server's words.
let server: TestServer;
let harness: Harness;
let englishId: number;
let arabicId: number;

beforeAll(async () => {
  server = await startTestServer();
  const languages = await server.db.selectFrom('languages').select(['id', 'code']).execute();
  englishId = Number(languages.find((language) => language.code === 'en')!.id);
  arabicId = Number(languages.find((language) => language.code === 'ar')!.id);
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await harness?.close();
});

function action(userKey: string, languageId: number, label = `Language ${languageId}`): QueueActionInput {
  return { kind: 'driver-action', call: 'get-single-language', body: { id: languageId }, userKey, label };
}

/** Writes a row the way queueAction does, without the drain the API starts right after. */
async function queued(input: QueueActionInput, effects = new OutboxEffects(), now = Date.now()): Promise<OutboxEntry> {
  return queueAction(harness.db, effects, input, now);
}

async function row(id: string): Promise<OutboxEntry> {
  return (await harness.db.outbox.get(id))!;
}

function keysSent(): string[] {
  return harness.network.sent.map((request) => request.headers.get(IDEMPOTENCY_HEADER) ?? '');
}

async function storedKeys(key: string) {
  return server.db.selectFrom('idempotency_keys').selectAll().where('idempotency_key', '=', key).execute();
}

describe('queueAction', () => {
  it('writes a pending row with a fresh key, the time of the action and the next place in line', async () => {
    harness = await startHarness({ server });
    const first = await queued(action('driver:1', englishId, 'Picked up order 12'), undefined, Date.parse('2030-01-02T03:04:05.000Z'));
    const second = await queued(action('driver:1', arabicId));
    expect(first).toMatchObject({
      kind: 'driver-action',
      call: 'get-single-language',
      body: { id: englishId },
      status: 'pending',
      userKey: 'driver:1',
      actedAt: '2030-01-02T03:04:05.000Z',
      createdSeq: 1,
      attempts: 0,
      label: 'Picked up order 12',
    });
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.createdSeq).toBe(2);
    expect(second.id).not.toBe(first.id);
    expect(await harness.db.prefs.get(PrefKey.outboxSeq)).toMatchObject({ value: 2 });
  });

  it('through the API, sends the action at once', async () => {
    harness = await startHarness({ server });
    const { id } = await harness.service.api.queueAction(action('driver:1', englishId));
    await vi.waitFor(async () => expect((await row(id)).status).toBe('applied'));
  });
});

describe('drainOutbox', () => {
  it('sends each user’s actions in order with their headers, and keeps the answers', async () => {
    harness = await startHarness({ server });
    const a1 = await queued(action('driver:1', englishId));
    const b1 = await queued(action('driver:2', arabicId));
    const a2 = await queued(action('driver:1', arabicId));

    const report = await harness.service.api.drainOutbox();

    expect(report).toEqual({ sent: 3, applied: 3, rejected: 0, queued: 0, remaining: 0 });
    const order = keysSent();
    expect(order.indexOf(a1.id)).toBeLessThan(order.indexOf(a2.id));
    expect(order).toContain(b1.id);
    const sentA1 = harness.network.sent.find((request) => request.headers.get(IDEMPOTENCY_HEADER) === a1.id)!;
    expect(sentA1.path).toBe('/public/api/get-single-language');
    expect(sentA1.headers.get(OUTBOX_KIND_HEADER)).toBe('driver-action');
    expect(sentA1.headers.get(ACTED_AT_HEADER)).toBe(a1.actedAt);
    expect(JSON.parse(sentA1.body)).toEqual({ id: englishId });

    const applied = await row(a1.id);
    expect(applied.status).toBe('applied');
    expect(applied.response).toMatchObject({ status: 200, body: { id: englishId, code: 'en' } });
    expect(applied.settledAt).toBeDefined();
  });

  it('stops a user’s line at a network failure, counts the attempt, and resumes in order', async () => {
    harness = await startHarness({ server });
    const first = await queued(action('driver:1', englishId));
    const second = await queued(action('driver:1', arabicId));

    harness.network.offline = true;
    const offlineReport = await harness.service.api.drainOutbox();
    expect(offlineReport).toEqual({ sent: 1, applied: 0, rejected: 0, queued: 0, remaining: 2 });
    expect(await row(first.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'offline' });
    expect(await row(second.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(keysSent()).toEqual([first.id]);
    expect(await harness.db.syncState.get('connectivity')).toMatchObject({ error: 'offline' });

    harness.network.offline = false;
    harness.network.sent.length = 0;
    expect(await harness.service.api.drainOutbox()).toEqual({ sent: 2, applied: 2, rejected: 0, queued: 0, remaining: 0 });
    expect(keysSent()).toEqual([first.id, second.id]);
  });

  it('rejects a final 4xx with the server’s words, and the user’s next action still goes', async () => {
    harness = await startHarness({ server });
    const refused = await queued(action('driver:1', 999, 'Accept order 999'));
    const next = await queued(action('driver:1', englishId));

    expect(await harness.service.api.drainOutbox()).toEqual({ sent: 2, applied: 1, rejected: 1, queued: 0, remaining: 0 });
    expect(await row(refused.id)).toMatchObject({
      status: 'rejected',
      label: 'Accept order 999',
      lastError: 'There is no language with id 999.',
      response: { status: 404, body: { code: 'NOT_FOUND' } },
    });
    expect((await row(next.id)).status).toBe('applied');
  });

  it('sent twice, an action reaches the server’s store once and the second answer is the first one replayed', async () => {
    harness = await startHarness({ server });
    const entry = await queued(action('driver:1', arabicId));
    await harness.service.api.drainOutbox();
    const firstAnswer = (await row(entry.id)).response;

    // As if the worker died between sending and recording the answer.
    await harness.db.outbox.update(entry.id, { status: 'sending' });
    await harness.service.api.drainOutbox();

    expect(keysSent()).toEqual([entry.id, entry.id]);
    expect(harness.network.answers.map((answer) => answer.replayed)).toEqual([false, true]);
    expect(await row(entry.id)).toMatchObject({ status: 'applied', response: firstAnswer });
    expect(await storedKeys(entry.id)).toHaveLength(1);
  });

  it('waits and retries when the server says the same action is still running elsewhere', async () => {
    harness = await startHarness({ server });
    const entry = await queued(action('driver:1', englishId));
    const behind = await queued(action('driver:1', arabicId));
    // The service worker's copy of this action holds the key on the server right now.
    await holdIdempotencyKey(server, { call: 'get-single-language', key: entry.id, body: { id: englishId } });

    expect(await harness.service.api.drainOutbox()).toMatchObject({ sent: 1, applied: 0, remaining: 2 });
    expect(await row(entry.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await row(entry.id)).lastError).toMatch(/409/);
    expect((await row(behind.id)).attempts).toBe(0);
  });

  it('backs off from 1 s, doubling to 60 s, while the network stays down, and resets after a clean pass', async () => {
    harness = await startHarness({ server, service: { drainer: { retryBaseMs: 1_000, retryMaxMs: 60_000, periodMs: 3_600_000 } } });
    await queued(action('driver:1', englishId));
    harness.network.offline = true;
    const delays: Array<number | null> = [];
    for (let pass = 0; pass < 8; pass += 1) {
      await harness.service.api.drainOutbox();
      delays.push(harness.service.drainer.nextRetryDelay);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    harness.network.offline = false;
    await harness.service.api.drainOutbox();
    expect(harness.service.drainer.nextRetryDelay).toBeNull();
  });

  it('sends a row left "sending" by a worker that died', async () => {
    harness = await startHarness({ server });
    const entry = await queued(action('driver:1', englishId));
    await harness.db.outbox.update(entry.id, { status: 'sending' });
    await harness.service.api.drainOutbox();
    expect((await row(entry.id)).status).toBe('applied');
  });
});

describe('rows the service worker holds', () => {
  it('settle from its broadcast messages, and a late duplicate changes nothing', async () => {
    harness = await startHarness({ server });
    const applied = await queued(action('driver:1', englishId));
    const rejected = await queued(action('driver:2', englishId));
    await harness.db.outbox.bulkUpdate([
      { key: applied.id, changes: { status: 'queued' } },
      { key: rejected.id, changes: { status: 'queued' } },
    ]);

    await harness.service.api.settleFromServiceWorker({
      type: 'OUTBOX_APPLIED', idempotencyKey: applied.id, kind: 'driver-action', status: 200, body: { ok: 1 },
    });
    await harness.service.api.settleFromServiceWorker({
      type: 'OUTBOX_REJECTED', idempotencyKey: rejected.id, kind: 'driver-action', status: 409,
      body: { message: 'The order was cancelled meanwhile.', code: 'CONFLICT' },
    });
    await harness.service.api.settleFromServiceWorker({
      type: 'OUTBOX_REJECTED', idempotencyKey: applied.id, kind: 'driver-action', status: 400, body: null,
    });

    expect(await row(applied.id)).toMatchObject({ status: 'applied', response: { status: 200, body: { ok: 1 } } });
    expect(await row(rejected.id)).toMatchObject({ status: 'rejected', lastError: 'The order was cancelled meanwhile.' });
  });

  it('are not sent again by the worker while nothing waits behind them', async () => {
    harness = await startHarness({ server });
    const entry = await queued(action('driver:1', englishId));
    await harness.db.outbox.update(entry.id, { status: 'queued' });
    expect(await harness.service.api.drainOutbox()).toEqual({ sent: 0, applied: 0, rejected: 0, queued: 0, remaining: 1 });
    expect(harness.network.sent).toEqual([]);
  });

  it('expire with words for the user once the queue’s retention has passed', async () => {
    harness = await startHarness({ server });
    const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
    const stale = await queued(action('driver:1', englishId), undefined, eightDaysAgo);
    await harness.db.outbox.update(stale.id, { status: 'queued' });

    await harness.service.api.drainOutbox();
    expect(await row(stale.id)).toMatchObject({ status: 'expired', lastError: EXPIRED_WORDS });
    expect(EXPIRED_WORDS).toBe('Not sent: the network did not come back within 7 days.');

    // The service worker replayed it after all: the server's word wins.
    await harness.service.api.settleFromServiceWorker({
      type: 'OUTBOX_APPLIED', idempotencyKey: stale.id, kind: 'driver-action', status: 200, body: {},
    });
    expect((await row(stale.id)).status).toBe('applied');
  });
});

describe('keeping the list short', () => {
  it('prunes applied rows after a day and keeps rejected ones for the user', async () => {
    harness = await startHarness({ server });
    const old = await queued(action('driver:1', englishId));
    const refused = await queued(action('driver:1', 999));
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    await harness.db.outbox.bulkUpdate([
      { key: old.id, changes: { status: 'applied', settledAt: twoDaysAgo } },
      { key: refused.id, changes: { status: 'rejected', settledAt: twoDaysAgo } },
    ]);
    await harness.service.api.drainOutbox();
    expect(await harness.db.outbox.get(old.id)).toBeUndefined();
    expect((await row(refused.id)).status).toBe('rejected');
  });
});

describe('optimistic effects', () => {
  function alertEffect(calls: string[]) {
    const effects = new OutboxEffects();
    effects.register('get-single-language', {
      tables: ['alerts'],
      async apply(tx, entry) {
        calls.push(`apply ${entry.status}`);
        await tx.table('alerts').put({ id: entry.createdSeq, is_read: 0, fetchedAt: 0, text: 'waiting for network' });
      },
      async settle(tx, entry, outcome) {
        calls.push(`settle ${outcome}`);
        await tx.table('alerts').update(entry.createdSeq, { text: outcome });
      },
    });
    return effects;
  }

  it('apply with the outbox row and settle with the answer', async () => {
    const calls: string[] = [];
    const effects = alertEffect(calls);
    harness = await startHarness({ server, service: { effects } });
    const accepted = await queued(action('driver:1', englishId), effects);
    const refused = await queued(action('driver:1', 999), effects);
    expect(await harness.db.alerts.get(accepted.createdSeq!)).toMatchObject({ text: 'waiting for network' });

    await harness.service.api.drainOutbox();
    expect(calls).toEqual(['apply pending', 'apply pending', 'settle applied', 'settle rejected']);
    expect(await harness.db.alerts.get(accepted.createdSeq!)).toMatchObject({ text: 'applied' });
    expect(await harness.db.alerts.get(refused.createdSeq!)).toMatchObject({ text: 'rejected' });
  });

  it('leave no outbox row behind when the effect fails', async () => {
    const effects = new OutboxEffects();
    effects.register('get-single-language', {
      tables: ['alerts'],
      async apply() {
        throw new Error('the replica has no such order');
      },
      async settle() {},
    });
    harness = await startHarness({ server, service: { effects } });
    await expect(queued(action('driver:1', englishId), effects)).rejects.toThrow('the replica has no such order');
    expect(await harness.db.outbox.count()).toBe(0);
    expect(await harness.db.prefs.get(PrefKey.outboxSeq)).toBeUndefined();
  });
});
