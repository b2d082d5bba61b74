// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SyncResource } from '../../../../src/db/schema.ts';
import { startTestServer, type TestServer } from '../../../support/test-server.ts';
import { startHarness, type Harness } from '../harness.ts';

let server: TestServer;
let harness: Harness | undefined;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('openPage', () => {
  it('saves the page in the replica and stamps when it was fetched', async () => {
    harness = await startHarness({ server });
    expect(await harness.service.api.openPage('about-us')).toEqual({ ok: true });
    const saved = await harness.db.pages.where('slug').equals('about-us').first();
    expect(saved).toMatchObject({ name: 'About us', slug: 'about-us', body: expect.stringContaining('<h2>') });
    expect((await harness.db.syncState.get(SyncResource.page('about-us')))?.fetchedAt).toBeGreaterThan(0);
  });

  it('keeps a saved page when the network is gone, and reports offline', async () => {
    harness = await startHarness({ server });
    await harness.service.api.openPage('about-us');
    harness.network.offline = true;
    expect(await harness.service.api.openPage('about-us')).toEqual({ ok: false, reason: 'offline' });
    expect(await harness.db.pages.where('slug').equals('about-us').count()).toBe(1);
  });

  it('removes a page the server no longer has', async () => {
    harness = await startHarness({ server });
    await harness.db.pages.put({ id: 99, name: 'Old offer', slug: 'old-offer', body: '<p>Gone</p>', updated_at: '2026-01-01T00:00:00.000Z', fetchedAt: 1 });
    const result = await harness.service.api.openPage('old-offer');
    expect(result).toMatchObject({ ok: false, reason: 'invalid', code: 'NOT_FOUND' });
    expect(await harness.db.pages.where('slug').equals('old-offer').count()).toBe(0);
  });
});
