/**
 * Uploaded pictures (issue 13, row 7): what is stored is a picture decoded
 * and encoded again (a PNG with an HTML page behind it comes back as a clean
 * PNG, served as image/png with nosniff), what no decoder reads is refused in
 * words, an owner's pictures have a storage quota, and the cleanup removes
 * old uploads nothing refers to while keeping used and fresh ones. Through
 * the real app, on both databases.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../src/api/account/entities.ts';
import {
  cleanupOrphanUploads,
  ORPHAN_GRACE_MS,
  UPLOAD_MAX_DIMENSION,
  UPLOAD_QUOTA_BYTES,
  uploadUsage,
} from '../../../server/uploads/uploaded-images.ts';
import { callAs, dataUrl, imageBytes } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { callBy, createCatalogCast, okBy, refusal, type CatalogCast } from '../admin/catalog-support.ts';

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

async function realPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#e8501b' } }).png().toBuffer();
}

describe.each(testDatabases())('uploaded pictures on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: CatalogCast;
  const fileOf = (url: string) => path.join(t.dataDir, 'images', url.replace('/public/images/', ''));

  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCatalogCast(t.app, t.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a PNG with an HTML page appended is stored and served as a clean re-encoded PNG, catalogue and avatar alike', async () => {
    const polyglot = Buffer.concat([await realPng(40, 30), Buffer.from(HTML)]);
    const catalog = await okBy<{ url: string }>(t.app, 'admin/upload-image', cast.owner, { image: dataUrl(polyglot) });
    const avatarAnswer = await callAs(t.app, 'change-avatar', { token: cast.customer.token, avatar: dataUrl(polyglot) });
    expect(avatarAnswer.statusCode).toBe(200);
    const avatar = avatarAnswer.json<{ data: Account }>().data.avatar ?? '';

    for (const url of [catalog.url, avatar]) {
      expect(url).toMatch(/\/[0-9a-f]{32}\.png$/);
      const stored = fs.readFileSync(fileOf(url));
      expect(stored.includes('<html')).toBe(false);
      expect(stored.includes('<script')).toBe(false);
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });

      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.includes('<script')).toBe(false);
    }
  });

  it('pixels only: camera metadata goes, a huge picture is scaled to the cap', async () => {
    const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'secret-location' } })
      .toBuffer();
    expect(photo.includes('SpyCam')).toBe(true);
    const { url } = await okBy<{ url: string }>(t.app, 'admin/upload-image', cast.admin, { image: dataUrl(photo, 'image/jpeg') });
    expect(url).toMatch(/\.jpg$/);
    const stored = fs.readFileSync(fileOf(url));
    expect(stored.includes('SpyCam')).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: UPLOAD_MAX_DIMENSION, height: UPLOAD_MAX_DIMENSION / 2 });
    expect(metadata.exif).toBeUndefined();
  });

  it('what no decoder reads is refused in words (400 INVALID_IMAGE), and nothing is stored', async () => {
    const catalogDir = path.join(t.dataDir, 'images', 'catalog');
    const before = fs.existsSync(catalogDir) ? fs.readdirSync(catalogDir).length : 0;
    const fakePng = Buffer.concat([imageBytes('png').subarray(0, 8), Buffer.from(HTML)]);
    for (const response of [
      await callBy(t.app, 'admin/upload-image', cast.owner, { image: dataUrl(fakePng) }),
      await callAs(t.app, 'change-avatar', { token: cast.customer.token, avatar: dataUrl(fakePng) }),
    ]) {
      expect(response.statusCode).toBe(400);
      const body = response.json<{ message: string; code: string }>();
      expect(body.code).toBe('INVALID_IMAGE');
      expect(body.message).toMatch(/could not be read as a picture/);
    }
    // An HTML page is not a picture at all.
    expect(await refusal(callBy(t.app, 'admin/upload-image', cast.owner, { image: dataUrl(Buffer.from(HTML), 'text/html') }))).toEqual({
      status: 415,
      code: 'IMAGE_TYPE',
    });
    expect(fs.existsSync(catalogDir) ? fs.readdirSync(catalogDir).length : 0).toBe(before);
  });

  it("an owner's pictures have a storage quota, said in words; an administrator's do not", async () => {
    const image = dataUrl(await realPng(8, 8));
    // The owner's earlier uploads, as if they had taken all but a few bytes of the quota.
    const used = await uploadUsage(t.app, cast.owner.id);
    await t.db
      .insertInto('uploads')
      .values({ url: '/public/images/catalog/quota-filler.png', owner_user_id: cast.owner.id, kind: 'catalog', bytes: UPLOAD_QUOTA_BYTES - used - 10, created_at: new Date().toISOString() })
      .execute();
    try {
      const response = await callBy(t.app, 'admin/upload-image', cast.owner, { image });
      expect(response.statusCode).toBe(413);
      const body = response.json<{ message: string; code: string }>();
      expect(body.code).toBe('UPLOAD_QUOTA_EXCEEDED');
      expect(body.message).toMatch(/50 MB/);
      // Another owner is not affected, nor an administrator far past the figure.
      expect((await callBy(t.app, 'admin/upload-image', cast.otherOwner, { image })).statusCode).toBe(200);
      await t.db
        .insertInto('uploads')
        .values({ url: '/public/images/catalog/admin-filler.png', owner_user_id: cast.admin.id, kind: 'catalog', bytes: 2 * UPLOAD_QUOTA_BYTES, created_at: new Date().toISOString() })
        .execute();
      expect((await callBy(t.app, 'admin/upload-image', cast.admin, { image })).statusCode).toBe(200);
    } finally {
      await t.db.deleteFrom('uploads').where('url', 'in', ['/public/images/catalog/quota-filler.png', '/public/images/catalog/admin-filler.png']).execute();
    }
    expect((await callBy(t.app, 'admin/upload-image', cast.owner, { image })).statusCode).toBe(200);
  });

  it('the cleanup removes an old upload nothing refers to, keeps a used one and a fresh one; twice at once is harmless', async () => {
    const upload = async () => (await okBy<{ url: string }>(t.app, 'admin/upload-image', cast.owner, { image: dataUrl(await realPng(4, 4)) })).url;
    const orphan = await upload();
    const used = await upload();
    const logo = await upload();
    const fresh = await upload();
    await okBy(t.app, 'admin/save-item', cast.owner, { id: cast.store.menu.burger, image: used });
    await t.app.settingsRepository.set('storeLogo', logo);
    const now = new Date();
    const old = new Date(now.getTime() - ORPHAN_GRACE_MS - 60_000).toISOString();
    await t.db.updateTable('uploads').set({ created_at: old }).where('url', 'in', [orphan, used, logo]).execute();

    // A file from before uploads were recorded: old, unreferenced, no row.
    const stray = '/public/images/catalog/0123456789abcdef0123456789abcdef.png';
    fs.writeFileSync(fileOf(stray), await realPng(2, 2));
    const longAgo = new Date(now.getTime() - 2 * ORPHAN_GRACE_MS);
    fs.utimesSync(fileOf(stray), longAgo, longAgo);

    const [first, second] = await Promise.all([
      cleanupOrphanUploads(t.app, t.app.imageStore, { now }),
      cleanupOrphanUploads(t.app, t.app.imageStore, { now }),
    ]);
    expect(new Set([...first, ...second])).toEqual(new Set([orphan, stray]));
    expect(await cleanupOrphanUploads(t.app, t.app.imageStore, { now })).toEqual([]);

    for (const gone of [orphan, stray]) {
      expect(fs.existsSync(fileOf(gone))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: gone })).statusCode).toBe(404);
    }
    for (const kept of [used, logo, fresh]) {
      expect(fs.existsSync(fileOf(kept)), kept).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: kept })).statusCode).toBe(200);
    }
    const rows = await t.db.selectFrom('uploads').select('url').where('url', 'in', [orphan, used, logo, fresh]).execute();
    expect(rows.map((row) => row.url).sort()).toEqual([used, logo, fresh].sort());

    // A day later the fresh one is an orphan too, unless something uses it by then.
    const tomorrow = new Date(now.getTime() + ORPHAN_GRACE_MS + 60_000);
    expect(await cleanupOrphanUploads(t.app, t.app.imageStore, { now: tomorrow })).toContain(fresh);
  });

  it('a replaced profile picture goes with its record', async () => {
    const send = async () =>
      (await callAs(t.app, 'change-avatar', { token: cast.driver.token, avatar: dataUrl(await realPng(5, 5)) })).json<{ data: Account }>().data.avatar ?? '';
    const first = await send();
    const second = await send();
    expect(fs.existsSync(fileOf(first))).toBe(false);
    expect(fs.existsSync(fileOf(second))).toBe(true);
    const rows = await t.db.selectFrom('uploads').select('url').where('owner_user_id', '=', cast.driver.id).execute();
    expect(rows.map((row) => row.url)).toEqual([second]);
  });
});
