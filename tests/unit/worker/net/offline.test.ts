// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { ENGLISH_TEXTS } from '../../../../src/api/language/texts.ts';
import { SETTING_DEFAULTS } from '../../../../src/api/settings/defaults.ts';
import { BUILT_IN_TEXTS_ID, NEVER_FETCHED, PrefKey } from '../../../../src/db/schema.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import { createSyncService } from '../../../../worker/sync-service.ts';
import { TestNetwork, startHarness, type Harness } from '../harness.ts';

let harness: Harness | undefined;
let ownServer: TestServer | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Everything the UI shows from the replica, to prove an offline boot leaves it alone. */
async function snapshot(h: Harness) {
  const { db } = h;
  return {
    settings: await db.settings.toArray(),
    languages: await db.languages.toArray(),
    translations: await db.translations.toArray(),
    popularLocations: await db.popularLocations.toArray(),
    address: await db.address.toArray(),
  };
}

describe('boot without a server', () => {
  it('keeps the replica, reports offline after one request, and records why', async () => {
    ownServer = await startTestServer();
    harness = await startHarness({ server: ownServer });
    await harness.service.api.boot();
    const before = await snapshot(harness);
    const lastContact = (await harness.db.syncState.get('connectivity'))!.fetchedAt;
    await ownServer.close();

    harness.network.sent.length = 0;
    const result = await harness.service.api.boot();

    expect(result).toEqual({ hadReplica: true, online: false, version: null, primaryLocationMissing: false });
    expect(harness.network.pathsSent()).toEqual(['/version.json']);
    expect(await snapshot(harness)).toEqual(before);
    expect(await harness.db.syncState.get('connectivity')).toMatchObject({ error: 'offline', fetchedAt: lastContact });
    expect(await harness.db.syncState.get('version')).toMatchObject({ error: 'offline' });
    expect((await harness.db.syncState.get('settings'))!.fetchedAt).toBeGreaterThan(0);
  });

  it('on a first visit reports offline without claiming the primary location is missing', async () => {
    ownServer = await startTestServer();
    harness = await startHarness({ server: ownServer });
    await ownServer.close();
    const result = await harness.service.api.boot();
    expect(result).toEqual({ hadReplica: false, online: false, version: null, primaryLocationMissing: false });
    expect(await harness.db.prefs.get(PrefKey.cacheVersion)).toBeUndefined();
    // The offline screen still has words: the built-in settings and English texts, marked never fetched.
    expect(await harness.db.settings.get('offlineTitleMessage')).toEqual({
      key: 'offlineTitleMessage',
      value: SETTING_DEFAULTS.offlineTitleMessage,
      fetchedAt: NEVER_FETCHED,
    });
    expect((await harness.db.translations.get(BUILT_IN_TEXTS_ID))?.data.retry).toBe(ENGLISH_TEXTS.retry);
  });

  it('turns a request that gets no answer into a timeout', async () => {
    harness = await startHarness({ service: { timeoutMs: 50 } });
    harness.network.stalled = true;
    expect(await harness.service.api.refreshSettings()).toEqual({ ok: false, reason: 'timeout' });
    expect(await harness.db.syncState.get('connectivity')).toMatchObject({ error: 'timeout' });
    expect(await harness.db.syncState.get('settings')).toMatchObject({ error: 'timeout', fetchedAt: null });
  });

  it('clears the connectivity error with the next answer from the server', async () => {
    harness = await startHarness();
    harness.network.offline = true;
    expect(await harness.service.api.refreshLanguages()).toEqual({ ok: false, reason: 'offline' });
    expect(await harness.db.syncState.get('connectivity')).toMatchObject({ error: 'offline' });
    harness.network.offline = false;
    expect(await harness.service.api.refreshLanguages()).toEqual({ ok: true });
    expect(await harness.db.syncState.get('connectivity')).toMatchObject({ error: null, errorAt: null });
  });
});

describe('simulated offline mode', () => {
  it('touches no network while on, answers like a dead network, and refreshes when turned off', async () => {
    harness = await startHarness();
    await harness.service.api.boot();
    const before = await snapshot(harness);

    await harness.service.api.setSimulatedOffline(true);
    expect(await harness.db.prefs.get(PrefKey.simulatedOffline)).toMatchObject({ value: true });
    expect(await harness.db.syncState.get('connectivity')).toMatchObject({ error: 'offline' });
    harness.network.sent.length = 0;

    expect(await harness.service.api.boot()).toEqual({ hadReplica: true, online: false, version: null, primaryLocationMissing: false });
    expect(await harness.service.api.refreshPopularLocations()).toEqual({ ok: false, reason: 'offline' });
    expect(harness.network.sent).toEqual([]);
    expect(await snapshot(harness)).toEqual(before);

    await harness.service.api.setSimulatedOffline(false);
    expect([...harness.network.pathsSent()].sort()).toEqual(
      ['/public/api/get-settings', '/public/api/get-all-languages', '/public/api/get-single-language', '/public/api/popular-geo-locations'].sort(),
    );
    expect(await harness.db.syncState.get('connectivity')).toMatchObject({ error: null });
  });

  it('survives a restart of the worker: the switch lives in the replica', async () => {
    harness = await startHarness();
    await harness.service.api.setSimulatedOffline(true);
    // A new service over the same replica, as after a page reload.
    const network = new TestNetwork();
    const reloaded = createSyncService({ db: harness.db, origin: harness.server.url, fetch: network.fetch });
    try {
      expect((await reloaded.api.boot()).online).toBe(false);
      expect(network.sent).toEqual([]);
    } finally {
      reloaded.drainer.stop();
    }
  });
});

describe('answers that do not match the contract', () => {
  it('become bad-response, and the replica keeps the last good list', async () => {
    harness = await startHarness();
    await harness.service.api.refreshPopularLocations();
    const before = await harness.db.popularLocations.toArray();
    // An impossible coordinate: the server's JSON writer turns it into null.
    await harness.server.db.updateTable('popular_locations').set({ latitude: Infinity }).execute();

    const result = await harness.service.api.refreshPopularLocations();
    expect(result).toMatchObject({ ok: false, reason: 'bad-response' });
    expect(result.ok === false && 'message' in result ? result.message : '').toMatch(/popular-geo-locations.*latitude/);
    expect(await harness.db.popularLocations.toArray()).toEqual(before);
    expect(await harness.db.syncState.get('popularLocations')).toMatchObject({ error: 'bad-response' });
    // The server did answer: this is no connectivity problem.
    expect(await harness.db.syncState.get('connectivity')).toMatchObject({ error: null });
  });
});
