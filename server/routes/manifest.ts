/**
 * `GET /manifest.webmanifest`, built from settings so the installed app takes
 * the name, colours and icons the administrator configured. Not cached: a
 * changed setting shows on the next check.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { SETTING_DEFAULTS, type SettingKey } from '../../src/api/index.ts';

export const MANIFEST_PATH = '/manifest.webmanifest';

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
});

function imageTypeOf(src: string): string {
  if (src.endsWith('.svg')) return 'image/svg+xml';
  if (src.endsWith('.webp')) return 'image/webp';
  if (src.endsWith('.jpg') || src.endsWith('.jpeg')) return 'image/jpeg';
  return 'image/png';
}

export default async function manifestRoute(app: FastifyInstance): Promise<void> {
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
      };
    },
  });
}
