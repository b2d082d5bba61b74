// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, Store } from '../../../../src/api/entities.ts';
import { SyncResource } from '../../../../src/db/schema.ts';
import { postCall } from '../../../support/api-client.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CUSTOMER, MARKET_SQUARE, browseFrom, seededStore, serverAnswer, type SeededStore } from '../riverton.ts';

let server: TestServer;
let harness: Harness;
let customer: LoginResult['data'];

beforeAll(async () => {
  server = await startTestServer();
  // One login for the whole file: login is rate limited per address and e-mail.
  customer = ((await postCall(server.url, 'login', CUSTOMER)).body as LoginResult).data;
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await harness?.close();
});

async function signedIn(token = customer.auth_token): Promise<Harness> {
  const h = await startHarness({ server });
  await browseFrom(h);
  await h.db.session.put({ id: 'customer', userId: customer.id, token, role: customer.role, data: {}, savedAt: 1 });
  return h;
}

async function serverFavouriteIds(): Promise<number[]> {
  const stores = await serverAnswer<Store[]>(server, 'get-favorite-stores', {
    token: customer.auth_token,
    latitude: MARKET_SQUARE.lat,
    longitude: MARKET_SQUARE.lng,
  });
  return stores.map((store) => store.id);
}

async function replicaFavourite(store: SeededStore) {
  return harness.db.favourites.get(store.id);
}

describe('login', () => {
  it('keeps the customer session', async () => {
    harness = await startHarness({ server });
    const result = await harness.service.api.loginWithPassword(CUSTOMER.email, CUSTOMER.password);
    expect(result).toEqual({ ok: true, value: { userId: customer.id, name: customer.name, role: 'customer' } });
    expect(await harness.db.session.get('customer')).toMatchObject({
      userId: customer.id,
      role: 'customer',
      token: expect.stringMatching(/.{20,}/),
    });
  });

  it('a wrong password is unauthorized and keeps no session', async () => {
    harness = await startHarness({ server });
    expect(await harness.service.api.loginWithPassword(CUSTOMER.email, 'not-the-password')).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await harness.db.session.count()).toBe(0);
  });
});

describe('favourites', () => {
  it('without a session: unauthorized, nothing queued, nothing sent', async () => {
    harness = await startHarness({ server });
    await browseFrom(harness);
    expect(await harness.service.api.toggleFavourite(1)).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await harness.service.api.refreshFavourites()).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await harness.db.outbox.count()).toBe(0);
    expect(harness.network.sent).toHaveLength(0);
  });

  it('toggles online: the replica and the server agree', async () => {
    harness = await signedIn();
    const store = await seededStore(server, 'golden-wok');
    expect(await harness.service.api.toggleFavourite(store.id)).toEqual({ ok: true, value: { isFavourite: true, pending: false } });
    expect(await replicaFavourite(store)).toMatchObject({ id: store.id, pending: false });
    expect(await serverFavouriteIds()).toContain(store.id);
    const [row] = await harness.db.outbox.toArray();
    expect(row).toMatchObject({ kind: 'customer-action', call: 'toggle-favorite', status: 'applied', userKey: `customer:${customer.id}` });

    expect(await harness.service.api.toggleFavourite(store.id)).toEqual({ ok: true, value: { isFavourite: false, pending: false } });
    expect(await replicaFavourite(store)).toBeUndefined();
    expect(await serverFavouriteIds()).not.toContain(store.id);
  });

  it('toggles offline: the replica flips at once, the action waits, and back online it applies once', async () => {
    harness = await signedIn();
    const store = await seededStore(server, 'beirut-grill');
    harness.network.offline = true;
    expect(await harness.service.api.toggleFavourite(store.id)).toEqual({ ok: true, value: { isFavourite: true, pending: true } });
    expect(await replicaFavourite(store)).toMatchObject({ pending: true });
    expect(await harness.db.outbox.toArray()).toMatchObject([{ status: 'pending', call: 'toggle-favorite', body: { id: store.id } }]);
    expect(await serverFavouriteIds()).not.toContain(store.id);

    harness.network.offline = false;
    expect(await harness.service.api.drainOutbox()).toMatchObject({ applied: 1, remaining: 0 });
    expect(await harness.service.api.drainOutbox()).toMatchObject({ sent: 0 });
    expect(await serverFavouriteIds()).toContain(store.id);
    expect(await replicaFavourite(store)).toMatchObject({ pending: false });
    const toggles = harness.network.answers.filter((answer) => answer.path === '/public/api/toggle-favorite');
    expect(toggles).toEqual([{ path: '/public/api/toggle-favorite', status: 200, replayed: false }]);
  });

  it('refreshFavourites stores the server list with the toggles still waiting applied on top', async () => {
    harness = await signedIn();
    const listed = await seededStore(server, 'smokestack-bbq');
    const waiting = await seededStore(server, 'riverside-burger-co');
    await harness.service.api.toggleFavourite(listed.id);
    harness.network.offline = true;
    await harness.service.api.toggleFavourite(waiting.id);
    harness.network.offline = false;

    expect(await harness.service.api.refreshFavourites()).toEqual({ ok: true });
    expect(await replicaFavourite(listed)).toMatchObject({ position: expect.any(Number) });
    expect(await replicaFavourite(waiting)).toMatchObject({ pending: true });
    expect(await harness.db.stores.get(listed.id)).toMatchObject({ name: listed.name });
    expect((await harness.db.syncState.get(SyncResource.favourites))?.fetchedAt).toEqual(expect.any(Number));
  });

  it('a signed-in store page asks with the token and records whether the store is a favourite', async () => {
    harness = await signedIn();
    const store = await seededStore(server, 'el-farolito-taqueria');
    await harness.service.api.toggleFavourite(store.id);
    await harness.db.favourites.clear();
    await harness.service.api.openStore(store.slug);
    expect(harness.network.pathsSent()).toContain(`/public/api/get-restaurant-info-with-favourite/${store.slug}`);
    expect(await replicaFavourite(store)).toBeDefined();
  });

  it('a toggle the server refuses (a session it no longer knows) is undone and answered unauthorized', async () => {
    harness = await signedIn('not-a-valid-token');
    const store = await seededStore(server, 'morning-rise-bakery');
    expect(await harness.service.api.toggleFavourite(store.id)).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(await replicaFavourite(store)).toBeUndefined();
    expect((await harness.db.outbox.toArray())[0]).toMatchObject({ status: 'rejected', lastError: expect.any(String) });
  });
});
