/**
 * Pictures at the size a screen shows them (server/routes/sized-images.ts):
 * a demo picture or an upload comes back as WebP whose shorter side is the
 * size asked, made once and kept, made again when its source changes; a size
 * not offered, a path that is not a picture here or that leaves the folder,
 * and a file no decoder reads are refused in JSON, never a 500. Through the
 * real app on SQLite (the route reads files and the image store, not the
 * database).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIZED_IMAGES_PREFIX, sizedImageUrl } from '../../../src/api/sized-images.ts';
import { IMAGE_CACHE, IMMUTABLE } from '../../../server/routes/static-files.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

const COVER = '/public/images/stores/nonna-lucia-trattoria.svg';

describe('sized pictures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it("answers a demo store cover as WebP with its shorter side the size asked, so a square thumbnail cut from it is sharp", async () => {
    const answer = await get(sizedImageUrl(COVER, 192));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['cache-control']).toBe(IMAGE_CACHE);
    // The cover is 800×450: 192 px high, as wide as its shape makes it.
    expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ format: 'webp', height: 192, width: 341 });
    expect(answer.rawPayload.length).toBeLessThan(6_000);
  });

  it('makes a picture once, keeps it, and makes it again once its source was written anew', async () => {
    const source = path.join(t.dataDir, 'images', 'stores', 'redrawn.png');
    fs.writeFileSync(source, await sharp({ create: { width: 400, height: 400, channels: 3, background: '#1b6be8' } }).png().toBuffer());
    const url = `${SIZED_IMAGES_PREFIX}96/stores/redrawn.png`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const kept = path.join(t.dataDir, 'sized-images', '96', 'stores', 'redrawn.png.webp');
    expect(fs.readFileSync(kept).equals(first.rawPayload)).toBe(true);
    expect((await get(url)).rawPayload.equals(first.rawPayload)).toBe(true);

    // Redrawn in another colour a moment later: the kept copy is older than its source now.
    fs.writeFileSync(source, await sharp({ create: { width: 400, height: 400, channels: 3, background: '#e8501b' } }).png().toBuffer());
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(source, later, later);
    const redrawn = await get(url);
    expect(redrawn.statusCode).toBe(200);
    const { dominant } = await sharp(redrawn.rawPayload).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(100);
  });

  it('answers many asks at once for a picture not made yet, each with the same picture', async () => {
    const url = sizedImageUrl('/public/images/stores/golden-wok.svg', 384);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
  });

  it('sizes an upload from the image store, immutable like the upload itself', async () => {
    const key = `catalog/${'ab'.repeat(16)}.png`;
    await t.app.imageStore.put(key, await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2e7d32' } }).png().toBuffer(), 'image/png');
    const answer = await get(`${SIZED_IMAGES_PREFIX}192/${key}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 192 });
  });

  it('answers a WebP already no larger than asked with its own bytes, not a copy encoded again', async () => {
    const tile = fs.readFileSync(path.join(t.dataDir, 'images', 'category-slides', 'pizza.webp'));
    const answer = await get(`${SIZED_IMAGES_PREFIX}192/category-slides/pizza.webp`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.rawPayload.equals(tile)).toBe(true);
    // Smaller than the tile: drawn smaller.
    expect(await sharp((await get(`${SIZED_IMAGES_PREFIX}96/category-slides/pizza.webp`)).rawPayload).metadata()).toMatchObject({ width: 96, height: 96 });
  });

  it('refuses a size it does not offer, in JSON', async () => {
    for (const size of ['100', '0', '192.5', 'abc', '99999', '-96', '0192']) {
      const answer = await get(`${SIZED_IMAGES_PREFIX}${size}/stores/golden-wok.svg`);
      expect(answer.statusCode, size).toBe(404);
      expect(answer.json(), size).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('96, 192, 384, 768') });
    }
  });

  it('answers 404 in JSON for what is not a picture of this server, and never reads outside its folder', async () => {
    const hostile = [
      'stores/../../package.json',
      '..%2F..%2Fpackage.json',
      '%2e%2e/%2e%2e/package.json',
      'stores/missing.svg',
      'stores/notes.txt',
      'stores/.hidden.svg',
      'stores//golden-wok.svg',
      'stores',
      '',
      `catalog/${'cd'.repeat(16)}.png`,
    ];
    for (const rest of hostile) {
      const answer = await get(`${SIZED_IMAGES_PREFIX}96/${rest}`);
      expect(answer.statusCode, rest).toBe(404);
      expect(answer.json(), rest).toMatchObject({ code: 'NOT_FOUND' });
    }
    // A NUL byte in the address is refused before any route reads it.
    const nul = await get(`${SIZED_IMAGES_PREFIX}96/stores/%00.svg`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('says a file no decoder reads cannot be sized, in JSON, and keeps nothing for it', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'images', 'stores', 'broken.png'), 'not a picture at all');
    const answer = await get(`${SIZED_IMAGES_PREFIX}96/stores/broken.png`);
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ code: 'INVALID_IMAGE' });
    expect(fs.existsSync(path.join(t.dataDir, 'sized-images', '96', 'stores', 'broken.png.webp'))).toBe(false);
  });
});
