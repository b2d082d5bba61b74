// @vitest-environment node
/**
 * Saved addresses through the real sync worker parts against a real server:
 * the demo customer's seeded address, adding, editing, the default rules,
 * deleting, field refusals, reading offline with the list's age, changes
 * refused offline (never queued), a stale mirror put right, and logout.
 */
import { describe, expect, it } from 'vitest';
import type { Address, LoginResult } from '../../../../src/api/entities.ts';
import { MAX_SAVED_ADDRESSES } from '../../../../src/api/account/address-limits.ts';
import type { SavedAddressInput } from '../../../../src/api/account/address-worker-api.ts';
import { SyncResource, type SavedAddressRow } from '../../../../src/db/schema.ts';
import { registerCustomer, type NewCustomer } from '../../../support/accounts.ts';
import { postCall } from '../../../support/api-client.ts';
import { startHarness, useSharedServer, type Harness } from '../harness.ts';
import { CUSTOMER } from '../riverton.ts';

let harness: Harness | undefined;
const shared = useSharedServer(() => harness);

const MILL_STREET: SavedAddressInput = {
  latitude: 40.4431,
  longitude: -79.9902,
  address: '  7 Mill Street, Riverton ',
  house: ' Flat 2 ',
  tag: 'Home',
};
const WORKSHOP: SavedAddressInput = { latitude: 40.4392, longitude: -79.9987, address: 'Riverside Workshops', house: null, tag: 'Work' };
const PARK: SavedAddressInput = { latitude: 40.4455, longitude: -79.9871, address: 'North Park Gate', house: '', tag: '  ' };

async function signedIn(user: { id: number; token: string }): Promise<Harness> {
  harness = await startHarness({ server: shared.server });
  await harness.db.session.put({ id: 'customer', userId: user.id, token: user.token, role: 'customer', data: {}, savedAt: 1 });
  return harness;
}

async function freshCustomer(): Promise<{ h: Harness; customer: NewCustomer }> {
  const customer = await registerCustomer(shared.server.app);
  return { h: await signedIn(customer), customer };
}

async function mirror(h: Harness): Promise<SavedAddressRow[]> {
  const rows = (await h.db.addresses.toArray()) as unknown as SavedAddressRow[];
  return rows.sort((a, b) => a.id - b.id);
}

async function serverList(user: { id: number; token: string }): Promise<Address[]> {
  const answer = await postCall(shared.server.url, 'get-addresses', { token: user.token, user_id: user.id });
  expect(answer.status).toBe(200);
  return answer.body as Address[];
}

const shape = (rows: readonly Address[]) =>
  rows.map(({ address, house, tag, is_default }) => ({ address, house, tag, is_default })).sort((a, b) => a.address.localeCompare(b.address));

async function save(h: Harness, input: SavedAddressInput): Promise<number> {
  const result = await h.service.api.saveAddress(input);
  if (!result.ok) throw new Error(`saveAddress failed: ${JSON.stringify(result)}`);
  return result.value.addressId;
}

describe('without a session', () => {
  it('every call is unauthorized and nothing is sent', async () => {
    harness = await startHarness({ server: shared.server });
    for (const result of [
      await harness.service.api.refreshAddresses(),
      await harness.service.api.saveAddress(WORKSHOP),
      await harness.service.api.deleteAddress(1),
      await harness.service.api.setDefaultAddress(1),
    ]) {
      expect(result).toMatchObject({ ok: false, reason: 'unauthorized', code: 'UNAUTHORIZED' });
    }
    expect(harness.network.sent).toHaveLength(0);
  });
});

describe('the list', () => {
  it("mirrors the demo customer's seeded address with when it was fetched", async () => {
    const login = await postCall(shared.server.url, 'login', CUSTOMER);
    const { data } = login.body as LoginResult;
    const h = await signedIn({ id: data.id, token: data.auth_token });
    expect(await h.service.api.refreshAddresses()).toEqual({ ok: true });
    expect(await mirror(h)).toEqual([
      expect.objectContaining({ address: '12 Market Street, Riverton', house: 'Apartment 4B', tag: 'Home', is_default: true, fetchedAt: expect.any(Number) }),
    ]);
    expect(await h.db.syncState.get(SyncResource.addresses)).toMatchObject({ fetchedAt: expect.any(Number), error: null });
  });

  it('a refresh replaces what the mirror held: an address deleted elsewhere goes', async () => {
    const { h, customer } = await freshCustomer();
    const kept = await save(h, WORKSHOP);
    const gone = await save(h, PARK);
    await postCall(shared.server.url, 'delete-address', { token: customer.token, id: gone });
    expect((await mirror(h)).map((row) => row.id)).toEqual([kept, gone]);

    expect(await h.service.api.refreshAddresses()).toEqual({ ok: true });
    expect((await mirror(h)).map((row) => row.id)).toEqual([kept]);
  });
});

describe('adding and editing', () => {
  it('adds addresses trimmed, the first one the default, and answers the id of each', async () => {
    const { h, customer } = await freshCustomer();
    const first = await save(h, MILL_STREET);
    const second = await save(h, WORKSHOP);
    const third = await save(h, PARK);
    expect(new Set([first, second, third]).size).toBe(3);

    const rows = await mirror(h);
    expect(rows.find((row) => row.id === first)).toMatchObject({ address: '7 Mill Street, Riverton', house: 'Flat 2', tag: 'Home', is_default: true });
    expect(rows.find((row) => row.id === second)).toMatchObject({ address: 'Riverside Workshops', tag: 'Work', is_default: false });
    // Blank house and tag are stored as none: the app shows the default tag text.
    expect(rows.find((row) => row.id === third)).toMatchObject({ house: null, tag: null, is_default: false });
    expect(shape(rows)).toEqual(shape(await serverList(customer)));
  });

  it('the same address saved twice gets two ids, and each save answers its own', async () => {
    const { h } = await freshCustomer();
    const first = await save(h, WORKSHOP);
    const again = await save(h, WORKSHOP);
    expect(again).toBeGreaterThan(first);
    expect(await h.db.addresses.count()).toBe(2);
  });

  it('edits an address in place: place, line, house and tag change, the default stays', async () => {
    const { h, customer } = await freshCustomer();
    const home = await save(h, MILL_STREET);
    const id = await save(h, WORKSHOP);
    expect(await save(h, { ...PARK, id, house: 'Gate B', tag: 'Gym' })).toBe(id);

    const rows = await mirror(h);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === id)).toMatchObject({ latitude: PARK.latitude, longitude: PARK.longitude, address: 'North Park Gate', house: 'Gate B', tag: 'Gym', is_default: false });
    expect(rows.find((row) => row.id === home)).toMatchObject({ is_default: true });
    expect(shape(rows)).toEqual(shape(await serverList(customer)));
  });

  it('refuses a field the server refuses with its code, and changes nothing', async () => {
    const { h } = await freshCustomer();
    await save(h, WORKSHOP);
    const before = await mirror(h);
    expect(await h.service.api.saveAddress({ ...WORKSHOP, house: 'x'.repeat(101) })).toMatchObject({ ok: false, reason: 'invalid', code: 'HOUSE_TOO_LONG' });
    expect(await h.service.api.saveAddress({ ...WORKSHOP, tag: 't'.repeat(41) })).toMatchObject({ ok: false, reason: 'invalid', code: 'TAG_TOO_LONG' });
    expect(await h.service.api.saveAddress({ ...WORKSHOP, address: '   ' })).toMatchObject({ ok: false, reason: 'invalid', code: 'ADDRESS_EMPTY' });
    expect(await h.service.api.saveAddress({ ...WORKSHOP, address: 'a'.repeat(256) })).toMatchObject({ ok: false, reason: 'invalid', code: 'ADDRESS_TOO_LONG' });
    expect(await mirror(h)).toEqual(before);
  });

  it('refuses a point off the map before asking the server', async () => {
    const { h } = await freshCustomer();
    expect(await h.service.api.saveAddress({ ...WORKSHOP, latitude: Number.NaN })).toMatchObject({ ok: false, code: 'INVALID_COORDINATES' });
    expect(await h.service.api.saveAddress({ ...WORKSHOP, longitude: 181 })).toMatchObject({ ok: false, code: 'INVALID_COORDINATES' });
    expect(h.network.sent).toHaveLength(0);
  });

  it(`refuses address number ${MAX_SAVED_ADDRESSES + 1} with TOO_MANY_ADDRESSES`, async () => {
    const { h, customer } = await freshCustomer();
    for (let n = 0; n < MAX_SAVED_ADDRESSES; n += 1) {
      const answer = await postCall(shared.server.url, 'save-address', { token: customer.token, latitude: 40.44, longitude: -79.99, address: `Stop ${n}` });
      expect(answer.status).toBe(200);
    }
    expect(await h.service.api.saveAddress(WORKSHOP)).toMatchObject({ ok: false, reason: 'conflict', code: 'TOO_MANY_ADDRESSES' });
  });
});

describe('the default and deleting', () => {
  it('makes another address the only default', async () => {
    const { h, customer } = await freshCustomer();
    const home = await save(h, MILL_STREET);
    const work = await save(h, WORKSHOP);
    expect(await h.service.api.setDefaultAddress(work)).toEqual({ ok: true });
    const rows = await mirror(h);
    expect(rows.filter((row) => row.is_default).map((row) => row.id)).toEqual([work]);
    expect(rows.find((row) => row.id === home)?.is_default).toBe(false);
    expect((await serverList(customer))[0]).toMatchObject({ id: work, is_default: true });
  });

  it('deleting the default makes the newest remaining address the default; deleting another keeps it', async () => {
    const { h, customer } = await freshCustomer();
    const home = await save(h, MILL_STREET);
    const work = await save(h, WORKSHOP);
    const park = await save(h, PARK);

    expect(await h.service.api.deleteAddress(work)).toEqual({ ok: true });
    expect((await mirror(h)).map((row) => [row.id, row.is_default])).toEqual([
      [home, true],
      [park, false],
    ]);

    expect(await h.service.api.deleteAddress(home)).toEqual({ ok: true });
    expect((await mirror(h)).map((row) => [row.id, row.is_default])).toEqual([[park, true]]);
    expect((await serverList(customer)).map((row) => row.id)).toEqual([park]);

    expect(await h.service.api.deleteAddress(park)).toEqual({ ok: true });
    expect(await h.db.addresses.count()).toBe(0);
  });

  it("another user's address is NOT_FOUND and stays theirs", async () => {
    const other = await registerCustomer(shared.server.app);
    const theirs = await postCall(shared.server.url, 'save-address', { token: other.token, latitude: 40.44, longitude: -79.99, address: 'Their place' });
    const theirId = (theirs.body as Address[])[0]?.id as number;
    const { h } = await freshCustomer();
    expect(await h.service.api.deleteAddress(theirId)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await h.service.api.setDefaultAddress(theirId)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await h.service.api.saveAddress({ ...WORKSHOP, id: theirId })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await serverList(other)).toMatchObject([{ id: theirId, address: 'Their place' }]);
  });

  it('an address deleted on another device: the change is NOT_FOUND and the mirror is put right', async () => {
    const { h, customer } = await freshCustomer();
    const home = await save(h, MILL_STREET);
    const work = await save(h, WORKSHOP);
    await postCall(shared.server.url, 'delete-address', { token: customer.token, id: work });

    expect(await h.service.api.setDefaultAddress(work)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect((await mirror(h)).map((row) => row.id)).toEqual([home]);
  });
});

describe('offline', () => {
  it('the list reads from the replica with its age; the failed refresh keeps it', async () => {
    let clock = 1_000_000;
    const customer = await registerCustomer(shared.server.app);
    harness = await startHarness({ server: shared.server, service: { now: () => clock } });
    await harness.db.session.put({ id: 'customer', userId: customer.id, token: customer.token, role: 'customer', data: {}, savedAt: 1 });
    await save(harness, WORKSHOP);
    expect(await harness.service.api.refreshAddresses()).toEqual({ ok: true });
    const fetchedAt = clock;

    clock += 12 * 60_000;
    harness.network.offline = true;
    expect(await harness.service.api.refreshAddresses()).toEqual({ ok: false, reason: 'offline' });
    expect(await mirror(harness)).toEqual([expect.objectContaining({ address: 'Riverside Workshops', fetchedAt })]);
    expect(await harness.db.syncState.get(SyncResource.addresses)).toMatchObject({ fetchedAt, error: 'offline', errorAt: clock });
  });

  it('a change offline is refused as offline, is not queued, and changes nothing here or on the server', async () => {
    const { h, customer } = await freshCustomer();
    const home = await save(h, MILL_STREET);
    const work = await save(h, WORKSHOP);
    const before = await mirror(h);

    h.network.offline = true;
    expect(await h.service.api.saveAddress(PARK)).toEqual({ ok: false, reason: 'offline' });
    expect(await h.service.api.saveAddress({ ...WORKSHOP, id: work, tag: 'Office' })).toEqual({ ok: false, reason: 'offline' });
    expect(await h.service.api.setDefaultAddress(work)).toEqual({ ok: false, reason: 'offline' });
    expect(await h.service.api.deleteAddress(home)).toEqual({ ok: false, reason: 'offline' });
    expect(await mirror(h)).toEqual(before);
    expect(await h.db.outbox.count()).toBe(0);

    h.network.offline = false;
    await h.service.drainer.drain();
    expect(shape(await serverList(customer))).toEqual(shape(before));
  });

  it('the simulated-offline switch refuses changes the same way', async () => {
    const { h } = await freshCustomer();
    await h.service.api.setSimulatedOffline(true);
    expect(await h.service.api.saveAddress(WORKSHOP)).toEqual({ ok: false, reason: 'offline' });
    expect(await h.db.addresses.count()).toBe(0);
  });
});

describe('sessions', () => {
  it('logout clears the saved addresses and their age', async () => {
    const { h } = await freshCustomer();
    await save(h, WORKSHOP);
    await h.service.api.refreshAddresses();
    expect(await h.db.addresses.count()).toBe(1);

    expect(await h.service.api.logout()).toEqual({ ok: true });
    expect(await h.db.addresses.count()).toBe(0);
    expect(await h.db.syncState.get(SyncResource.addresses)).toBeUndefined();
  });

  it("signing in as someone else drops the previous user's addresses", async () => {
    const { h } = await freshCustomer();
    await save(h, WORKSHOP);
    const next = await registerCustomer(shared.server.app);
    expect(await h.service.api.loginWithPassword(next.email, next.password)).toMatchObject({ ok: true });
    expect(await h.db.addresses.count()).toBe(0);
    expect(await h.db.syncState.get(SyncResource.addresses)).toBeUndefined();
    expect(await h.service.api.refreshAddresses()).toEqual({ ok: true });
    expect(await h.db.addresses.count()).toBe(0);
  });

  it('a token the server no longer knows signs the user out, addresses and all', async () => {
    const { h, customer } = await freshCustomer();
    await save(h, WORKSHOP);
    await postCall(shared.server.url, 'logout', { token: customer.token });
    expect(await h.service.api.refreshAddresses()).toMatchObject({ ok: false, reason: 'unauthorized', code: 'UNAUTHORIZED' });
    expect(await h.db.session.count()).toBe(0);
    expect(await h.db.addresses.count()).toBe(0);
  });
});
