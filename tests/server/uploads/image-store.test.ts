/**
 * Where uploaded pictures are kept (issue 17, uploads/image-store.ts): the
 * local folder and an S3-compatible bucket keep one contract, checked on
 * both; the S3 store against a real S3 server on loopback
 * (tests/support/s3-server.ts), through the official SDK, never a mock.
 * Then the app with S3_BUCKET: a profile picture goes to the bucket (not
 * DATA_DIR), is served by this instance and by another on the same bucket
 * with a year's immutable caching, a replaced one goes from the bucket, the
 * orphan cleanup lists and removes the bucket's strays, and the home-screen
 * icon is drawn from an uploaded picture in the bucket.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../src/api/account/entities.ts';
import { APPLE_TOUCH_ICON_PATH, APPLE_TOUCH_ICON_SIZE } from '../../../server/routes/manifest.ts';
import { IMMUTABLE } from '../../../server/routes/static-files.ts';
import { localImageStore, type ImageStore } from '../../../server/uploads/image-store.ts';
import { s3ImageStore } from '../../../server/uploads/s3-image-store.ts';
import { cleanupOrphanUploads, ORPHAN_GRACE_MS } from '../../../server/uploads/uploaded-images.ts';
import { callAs, dataUrl } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { loginAs } from '../../support/inject-call.ts';
import { startTestS3Server, type TestS3Server } from '../../support/s3-server.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

function png(width: number, height: number, background = '#e8501b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

describe.each(['local', 's3'] as const)('the %s image store keeps the contract', (kind) => {
  let s3: TestS3Server | undefined;
  let folder: string;
  let store: ImageStore;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'foodpilot-images-'));
    if (kind === 's3') s3 = await startTestS3Server();
    store = s3 ? s3ImageStore(s3.config) : localImageStore(folder);
  });
  afterAll(async () => {
    await store?.close();
    await s3?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('put, get (bytes, type, length), list under a prefix, delete; a missing key is null and deleting it no error', async () => {
    expect(store.kind).toBe(kind);
    const bytes = await png(3, 2);
    const before = Date.now();
    await store.put('avatars/0123456789abcdef0123456789abcdef.png', bytes, 'image/png');
    await store.put('catalog/fedcba9876543210fedcba9876543210.webp', Buffer.from('RIFF....WEBP'), 'image/webp');

    const got = await store.get('avatars/0123456789abcdef0123456789abcdef.png');
    expect(got).not.toBeNull();
    expect(got?.contentType).toBe('image/png');
    expect(got?.contentLength).toBe(bytes.length);
    expect((await readAll(got!.body)).equals(bytes)).toBe(true);
    expect((await store.get('catalog/fedcba9876543210fedcba9876543210.webp'))?.contentType).toBe('image/webp');

    const listed = await store.list('avatars/');
    expect(listed.map((entry) => entry.key)).toEqual(['avatars/0123456789abcdef0123456789abcdef.png']);
    // S3 keeps whole seconds.
    expect(listed[0]!.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(listed[0]!.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await store.list('nothing-here/')).toEqual([]);

    await store.delete('avatars/0123456789abcdef0123456789abcdef.png');
    expect(await store.get('avatars/0123456789abcdef0123456789abcdef.png')).toBeNull();
    await store.delete('avatars/0123456789abcdef0123456789abcdef.png');
    expect(await store.list('avatars/')).toEqual([]);
    expect(await store.get('never/written.png')).toBeNull();
  });

  it('refuses a key that could leave its place', async () => {
    for (const key of ['../escape.png', '/etc/passwd', 'avatars/../../escape.png', 'Avatars/X.PNG', 'avatars//x.png', '']) {
      await expect(store.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/Not an image key/);
      await expect(store.get(key), key).rejects.toThrow(/Not an image key/);
    }
    await expect(store.list('../..')).rejects.toThrow(/Not an image key prefix/);
  });
});

describe('the S3 image store under S3_PREFIX', () => {
  let s3: TestS3Server;
  let top: ImageStore;
  let shared: ImageStore;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    top = s3ImageStore(s3.config);
    shared = s3ImageStore({ ...s3.config, prefix: 'tenant-a/' });
  });
  afterAll(async () => {
    await shared?.close();
    await top?.close();
    await s3?.close();
  });

  it('keeps keys under a folder of the bucket, and reads them back without it', async () => {
    await shared.put('avatars/00000000000000000000000000000000.png', await png(1, 1), 'image/png');
    expect((await shared.list('avatars/')).map((entry) => entry.key)).toEqual(['avatars/00000000000000000000000000000000.png']);
    // Not at the bucket's top: another deployment on the same bucket does not see it.
    expect(await top.list('avatars/')).toEqual([]);
    expect(await top.get('avatars/00000000000000000000000000000000.png')).toBeNull();
  });
});

describe.each(testDatabases())('the app with S3_BUCKET on $kind', ({ kind }) => {
  let s3: TestS3Server;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    // Two instances on the same bucket, each with a database and a DATA_DIR of its own: only the bucket is shared.
    [a, b] = await Promise.all([buildTestApp(kind, { s3: s3.config }), buildTestApp(kind, { s3: s3.config, seed: false })]);
  }, 90_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await s3?.close();
  });

  const changeAvatar = async (token: string, picture: Buffer): Promise<string> => {
    const answer = await callAs(a.app, 'change-avatar', { token, avatar: dataUrl(picture) });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ data: Account }>().data.avatar ?? '';
  };

  it('a profile picture goes to the bucket, not DATA_DIR, and this instance and another serve it, immutable for a year', async () => {
    expect(a.app.imageStore.kind).toBe('s3');
    const token = await loginAs(a.app, 'customer');
    const url = await changeAvatar(token, await png(12, 8));
    expect(url).toMatch(/^\/public\/images\/avatars\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(path.join(a.dataDir, 'images', 'avatars', path.basename(url)))).toBe(false);
    expect(await a.app.imageStore.get(url.replace('/public/images/', ''))).not.toBeNull();

    for (const instance of [a, b]) {
      const served = await instance.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe(IMMUTABLE);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 12, height: 8 });
      const etag = String(served.headers.etag);
      const again = await instance.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      const head = await instance.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/png');
    }
    const unknown = await b.app.inject({ method: 'GET', url: '/public/images/avatars/ffffffffffffffffffffffffffffffff.png' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).not.toBe(IMMUTABLE);
    expect((await b.app.inject({ method: 'GET', url: '/public/images/avatars/not-a-name.png' })).statusCode).toBe(404);
  });

  it('a replaced picture goes from the bucket; the cleanup lists the bucket and removes a stray nothing refers to', async () => {
    const token = await loginAs(a.app, 'driver');
    const first = await changeAvatar(token, await png(5, 5));
    const second = await changeAvatar(token, await png(6, 6));
    expect((await b.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await b.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    // Written behind the app's back (as a crash between the write and its row would leave it).
    const stray = 'catalog/abcdefabcdefabcdefabcdefabcdefab.png';
    await a.app.imageStore.put(stray, await png(2, 2), 'image/png');
    const later = new Date(Date.now() + 2 * ORPHAN_GRACE_MS);
    const removed = await cleanupOrphanUploads(a.app, a.app.imageStore, { now: later });
    expect(removed).toContain(`/public/images/${stray}`);
    expect(removed).not.toContain(second);
    expect(await a.app.imageStore.get(stray)).toBeNull();
    expect((await b.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('the home-screen icon is drawn from an uploaded picture in the bucket', async () => {
    const token = await loginAs(a.app, 'customer');
    const url = await changeAvatar(token, await png(64, 64, '#123456'));
    await a.app.settingsRepository.set('storeIcon512', url);
    const icon = await a.app.inject({ method: 'GET', url: APPLE_TOUCH_ICON_PATH });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ width: APPLE_TOUCH_ICON_SIZE, height: APPLE_TOUCH_ICON_SIZE });
  });
});
