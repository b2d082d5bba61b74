/**
 * The installed app's identity comes from settings: the manifest follows a
 * changed setting at once, and its icons are real PNGs served with a long
 * cache lifetime.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '../../../src/api/settings/defaults.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  screenshots: { src: string; sizes: string; type: string; form_factor: string; label: string }[];
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe.each(testDatabases())('manifest and images on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const manifest = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.headers['cache-control']).toBe('no-cache');
    return response.json<Manifest>();
  };

  it('is built from the settings', async () => {
    expect(await manifest()).toEqual({
      id: '/',
      name: SETTING_DEFAULTS.storeName,
      short_name: SETTING_DEFAULTS.storeShortName,
      description: SETTING_DEFAULTS.storeDescription,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: SETTING_DEFAULTS.storeColor,
      background_color: SETTING_DEFAULTS.pwaBackgroundColor,
      icons: [
        { src: SETTING_DEFAULTS.storeIcon192, sizes: '192x192', type: 'image/png' },
        { src: SETTING_DEFAULTS.storeIcon512, sizes: '512x512', type: 'image/png' },
        { src: SETTING_DEFAULTS.storeMaskableIcon, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      screenshots: [
        { src: '/manifest/screenshot-narrow.png', sizes: '540x1200', type: 'image/png', form_factor: 'narrow', label: SETTING_DEFAULTS.storeName },
        { src: '/manifest/screenshot-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: SETTING_DEFAULTS.storeName },
      ],
    });
  });

  it('the app page names an apple-touch-icon, a 180 px opaque PNG of the icon setting', async () => {
    expect(readFileSync('index.html', 'utf8')).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    const response = await t.app.inject({ method: 'GET', url: '/apple-touch-icon.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(pngSize(response.rawPayload)).toEqual({ width: 180, height: 180 });
    // iOS draws transparency black: the icon comes flattened.
    expect((await sharp(response.rawPayload).metadata()).hasAlpha).toBe(false);
    // It is the configured icon, scaled: its centre is the 512 px icon's centre.
    const source = await t.app.inject({ method: 'GET', url: SETTING_DEFAULTS.storeIcon512 });
    const centre = async (bytes: Buffer, size: number) =>
      [...(await sharp(bytes).removeAlpha().extract({ left: size / 2, top: size / 2, width: 1, height: 1 }).raw().toBuffer())];
    expect(await centre(response.rawPayload, 180)).toEqual(await centre(source.rawPayload, 512));
  });

  it('the apple-touch-icon follows the icon setting; one on another site is redirected to', async () => {
    await t.app.settingsRepository.setMany([{ key: 'storeIcon512', value: 'https://cdn.example.com/icon.png' }]);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/apple-touch-icon.png' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://cdn.example.com/icon.png');
      await t.app.settingsRepository.setMany([{ key: 'storeIcon512', value: '/public/images/../../secret.png' }]);
      const outside = await t.app.inject({ method: 'GET', url: '/apple-touch-icon.png' });
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await t.app.settingsRepository.setMany([{ key: 'storeIcon512', value: SETTING_DEFAULTS.storeIcon512 }]);
    }
  });

  it('every manifest screenshot is a PNG of the size it claims, in the store colour', async () => {
    await t.app.settingsRepository.setMany([{ key: 'storeColor', value: '#123456' }]);
    const screenshots = (await manifest()).screenshots;
    expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const screenshot of screenshots) {
      const response = await t.app.inject({ method: 'GET', url: screenshot.src });
      expect(response.statusCode, screenshot.src).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const [width, height] = screenshot.sizes.split('x').map(Number);
      expect(pngSize(response.rawPayload)).toEqual({ width, height });
      // The header bar is the store's colour.
      const pixel = await sharp(response.rawPayload).removeAlpha().extract({ left: width! - 2, top: 2, width: 1, height: 1 }).raw().toBuffer();
      expect([...pixel]).toEqual([0x12, 0x34, 0x56]);
    }
  });

  it('follows a setting changed in the database', async () => {
    await t.app.settingsRepository.setMany([
      { key: 'storeName', value: 'Riverton Eats' },
      { key: 'storeColor', value: '#123456' },
    ]);
    const changed = await manifest();
    expect(changed.name).toBe('Riverton Eats');
    expect(changed.theme_color).toBe('#123456');
    const settings = await t.app.inject({ method: 'POST', url: '/public/api/get-settings', payload: {} });
    expect(settings.json()).toContainEqual({ key: 'storeName', value: 'Riverton Eats' });
  });

  it('every icon the manifest lists is a PNG of the size it claims, cached for long', async () => {
    for (const icon of (await manifest()).icons) {
      const response = await t.app.inject({ method: 'GET', url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toMatch(/max-age=(\d{7,})/);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(response.rawPayload)).toEqual({ width, height });
    }
  });

  it('the logo and every store and dish picture in the database are served', async () => {
    const logo = await t.app.inject({ method: 'GET', url: SETTING_DEFAULTS.storeLogo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    const stores = await t.db.selectFrom('restaurants').select('image').execute();
    const items = await t.db.selectFrom('items').select('image').execute();
    const slides = await t.db.selectFrom('promo_slides').select('image').execute();
    const urls = [...stores, ...items, ...slides].map((row) => row.image ?? '');
    expect(urls.length).toBeGreaterThan(60);
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      // Store covers and dishes are drawn as SVG; the promo banners are written as WebP (server/seed/demo-images.ts).
      if (url.endsWith('.webp')) {
        expect(response.headers['content-type'], url).toBe('image/webp');
        expect(response.rawPayload.subarray(8, 12).toString('latin1'), url).toBe('WEBP');
      } else {
        expect(response.headers['content-type'], url).toContain('image/svg+xml');
        expect(response.body, url).toContain('<svg');
      }
    }
    expect(slides.every((row) => row.image?.endsWith('.webp'))).toBe(true);
  });

  it('a missing image is a 404, not the app page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/public/images/nope.png',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
