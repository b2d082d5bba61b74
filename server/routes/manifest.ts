/**
 * `GET /manifest.webmanifest`, built from settings so the installed app takes
 * the name, colours and icons the administrator configured. Not cached: a
 * changed setting shows on the next check.
 *
 * Beside it, drawn from the same settings:
 * - `GET /apple-touch-icon.png`, the home-screen icon iOS asks for (it reads
 *   no manifest icons): the 512 px icon setting at 180×180, on the PWA
 *   background colour (iOS blackens transparency). An icon setting that is
 *   not one of this server's images is redirected to as it is.
 * - `GET /manifest/screenshot-narrow.png` and `-wide.png`, the manifest's
 *   `screenshots` (the richer install sheet), at a phone's and a desktop's
 *   size: the app itself, as `npm run screenshots` took it from the running
 *   app (server/cli/install-screenshots.ts, into DATA_DIR/images/manifest/),
 *   else, until someone has, the app's frame drawn in the store's colours
 *   with its name.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import sharp from 'sharp';
import { SETTING_DEFAULTS, type SettingKey } from '../../src/api/settings/defaults.ts';
import { sendApiError } from '../http/error-handler.ts';
import { IMAGES_PREFIX, uploadKeyOf } from '../uploads/uploaded-images.ts';

export const MANIFEST_PATH = '/manifest.webmanifest';
export const APPLE_TOUCH_ICON_PATH = '/apple-touch-icon.png';
export const APPLE_TOUCH_ICON_SIZE = 180;
export const SCREENSHOTS = {
  narrow: { path: '/manifest/screenshot-narrow.png', width: 540, height: 1200 },
  wide: { path: '/manifest/screenshot-wide.png', width: 1280, height: 800 },
} as const;

export type ScreenshotFormFactor = keyof typeof SCREENSHOTS;

/** Where a screenshot taken from the app is kept (DATA_DIR/images/manifest/). */
export function takenScreenshotPath(imagesDir: string, formFactor: ScreenshotFormFactor): string {
  return path.join(imagesDir, 'manifest', `screenshot-${formFactor}.png`);
}

/** The screenshot taken from the app, if one was. */
async function takenScreenshot(imagesDir: string, formFactor: ScreenshotFormFactor): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(takenScreenshotPath(imagesDir, formFactor));
  } catch {
    return undefined;
  }
}

export interface ManifestRouteOptions {
  /** Where /public/images/ is served from (DATA_DIR/images). */
  imagesDir: string;
}

const ManifestScreenshot = Type.Object({
  src: Type.String(),
  sizes: Type.String(),
  type: Type.String(),
  form_factor: Type.String(),
  label: Type.String(),
});

const ManifestIcon = Type.Object({
  src: Type.String(),
  sizes: Type.String(),
  type: Type.String(),
  purpose: Type.Optional(Type.String()),
});

const ManifestSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  short_name: Type.String(),
  description: Type.String(),
  start_url: Type.String(),
  scope: Type.String(),
  display: Type.String(),
  theme_color: Type.String(),
  background_color: Type.String(),
  icons: Type.Array(ManifestIcon),
  screenshots: Type.Array(ManifestScreenshot),
});

function imageTypeOf(src: string): string {
  if (src.endsWith('.svg')) return 'image/svg+xml';
  if (src.endsWith('.webp')) return 'image/webp';
  if (src.endsWith('.jpg') || src.endsWith('.jpeg')) return 'image/jpeg';
  return 'image/png';
}

const HEX_COLOUR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;

/** A colour setting as SVG can take it; anything else falls back to the default. */
function colourOr(value: string, fallback: string): string {
  return HEX_COLOUR.test(value) ? value : fallback;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The app's frame in the store's colours: a header with its name, and a list of cards. */
export function screenshotSvg(size: { width: number; height: number }, look: { name: string; color: string; background: string }): string {
  const { width, height } = size;
  const header = Math.round(height * 0.12);
  const pad = Math.round(width * 0.05);
  const columns = width > height ? 3 : 1;
  const cardWidth = Math.round((width - pad * (columns + 1)) / columns);
  const cardHeight = Math.round(height * 0.16);
  const cards: string[] = [];
  for (let row = 0; header + pad + row * (cardHeight + pad) + cardHeight < height; row++) {
    for (let column = 0; column < columns; column++) {
      const x = pad + column * (cardWidth + pad);
      const y = header + pad + row * (cardHeight + pad);
      cards.push(
        `<rect x="${x}" y="${y}" width="${cardWidth}" height="${cardHeight}" rx="16" fill="#ffffff" stroke="#e6e7eb"/>` +
          `<rect x="${x + 12}" y="${y + 12}" width="${cardHeight - 24}" height="${cardHeight - 24}" rx="10" fill="${look.color}" opacity="0.25"/>` +
          `<rect x="${x + cardHeight}" y="${y + cardHeight / 3}" width="${Math.round(cardWidth * 0.4)}" height="14" rx="7" fill="#14161a" opacity="0.7"/>` +
          `<rect x="${x + cardHeight}" y="${y + cardHeight / 2 + 8}" width="${Math.round(cardWidth * 0.25)}" height="12" rx="6" fill="#14161a" opacity="0.3"/>`,
      );
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${look.background}"/>` +
    `<rect width="100%" height="${header}" fill="${look.color}"/>` +
    `<text x="${pad}" y="${Math.round(header * 0.62)}" font-family="sans-serif" font-weight="700" font-size="${Math.round(header * 0.36)}" fill="#ffffff">${escapeXml(look.name)}</text>` +
    cards.join('') +
    `</svg>`
  );
}

export default async function manifestRoute(app: FastifyInstance, options: ManifestRouteOptions): Promise<void> {
  const readSettings = async () => {
    const settings = await app.settingsRepository.asMap();
    return (key: SettingKey) => settings.get(key) ?? SETTING_DEFAULTS[key];
  };
  // Drawn once per look: the same settings give the same bytes.
  const drawn = new Map<string, Promise<Buffer>>();
  const drawOnce = (key: string, draw: () => Promise<Buffer>): Promise<Buffer> => {
    let bytes = drawn.get(key);
    if (!bytes) {
      if (drawn.size > 16) drawn.clear();
      bytes = draw();
      drawn.set(key, bytes);
      bytes.catch(() => drawn.delete(key));
    }
    return bytes;
  };

  app.get(APPLE_TOUCH_ICON_PATH, {
    schema: { summary: 'The iOS home-screen icon: the 512 px icon setting at 180×180.', tags: ['app'] },
    handler: async (_request, reply) => {
      const read = await readSettings();
      const src = read('storeIcon512');
      const background = colourOr(read('pwaBackgroundColor'), SETTING_DEFAULTS.pwaBackgroundColor);
      reply.header('cache-control', 'no-cache');
      if (!src.startsWith(IMAGES_PREFIX)) return reply.redirect(src, 302);
      const file = path.resolve(options.imagesDir, decodeURIComponent(src.slice(IMAGES_PREFIX.length)));
      if (!file.startsWith(path.resolve(options.imagesDir) + path.sep)) {
        return sendApiError(reply, 404, { message: 'The icon setting names no image of this server.', code: 'NOT_FOUND' });
      }
      // An uploaded icon is in the image store (maybe the S3 bucket); the demo city's in DATA_DIR/images.
      const uploadKey = uploadKeyOf(src);
      const readIcon = async (): Promise<Buffer> => {
        if (!uploadKey) return fs.readFile(file);
        const image = await app.imageStore.get(uploadKey);
        if (!image) throw new Error(`no uploaded image ${uploadKey}`);
        const chunks: Buffer[] = [];
        for await (const chunk of image.body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      };
      try {
        const bytes = await drawOnce(`icon ${file} ${background}`, async () =>
          sharp(await readIcon())
            .resize(APPLE_TOUCH_ICON_SIZE, APPLE_TOUCH_ICON_SIZE, { fit: 'contain', background })
            .flatten({ background })
            .png()
            .toBuffer(),
        );
        return reply.type('image/png').send(bytes);
      } catch {
        return sendApiError(reply, 404, { message: 'The icon setting names an image this server cannot read.', code: 'NOT_FOUND' });
      }
    },
  });

  for (const [formFactor, size] of Object.entries(SCREENSHOTS) as [ScreenshotFormFactor, (typeof SCREENSHOTS)[ScreenshotFormFactor]][]) {
    app.get(size.path, {
      schema: { summary: `The manifest's ${formFactor} screenshot: taken from the app (npm run screenshots), else drawn from the settings.`, tags: ['app'] },
      handler: async (_request, reply) => {
        const taken = await takenScreenshot(options.imagesDir, formFactor);
        if (taken) return reply.header('cache-control', 'no-cache').type('image/png').send(taken);
        const read = await readSettings();
        const look = {
          name: read('storeName'),
          color: colourOr(read('storeColor'), SETTING_DEFAULTS.storeColor),
          background: colourOr(read('pwaBackgroundColor'), SETTING_DEFAULTS.pwaBackgroundColor),
        };
        const bytes = await drawOnce(`${formFactor} ${JSON.stringify(look)}`, () =>
          sharp(Buffer.from(screenshotSvg(size, look))).png().toBuffer(),
        );
        reply.header('cache-control', 'no-cache').type('image/png');
        return reply.send(bytes);
      },
    });
  }

  app.get(MANIFEST_PATH, {
    schema: {
      summary: 'The web app manifest, from the settings.',
      tags: ['app'],
      response: { 200: ManifestSchema },
    },
    handler: async (_request, reply) => {
      const settings = await app.settingsRepository.asMap();
      const read = (key: SettingKey) => settings.get(key) ?? SETTING_DEFAULTS[key];
      const icon = (key: SettingKey, sizes: string, purpose?: string) => {
        const src = read(key);
        return { src, sizes, type: imageTypeOf(src), ...(purpose ? { purpose } : {}) };
      };
      reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8');
      return {
        id: '/',
        name: read('storeName'),
        short_name: read('storeShortName'),
        description: read('storeDescription'),
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: read('storeColor'),
        background_color: read('pwaBackgroundColor'),
        icons: [
          icon('storeIcon192', '192x192'),
          icon('storeIcon512', '512x512'),
          icon('storeMaskableIcon', '512x512', 'maskable'),
        ],
        screenshots: Object.entries(SCREENSHOTS).map(([formFactor, size]) => ({
          src: size.path,
          sizes: `${size.width}x${size.height}`,
          type: 'image/png',
          form_factor: formFactor,
          label: read('storeName'),
        })),
      };
    },
  });
}
