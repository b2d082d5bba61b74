/**
 * `GET /public/images/sized/<size>/<path>`: the picture at
 * /public/images/<path> as WebP, its shorter side <size> pixels
 * (src/api/sized-images.ts names the sizes, says why the shorter side, and
 * builds the addresses the screens put in `srcset`).
 *
 * - The source is an upload from the image store (local or the S3 bucket a
 *   cluster shares) or a file of DATA_DIR/images (the demo's pictures).
 * - Made once per source and width, then kept in DATA_DIR/sized-images and
 *   sent from there; a local source written since is made again. Two asks at
 *   once for the same picture make it once.
 * - An upload's name is written once, so its sized copy is immutable for a
 *   year like the upload; the others are cached like the images they come
 *   from.
 * - A width not offered, a path that is not a picture of this server's, or
 *   one that leaves the images folder: 404 with the usual JSON body. A file
 *   that is not a readable picture: 422 INVALID_IMAGE.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import sharp from 'sharp';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isSizedImageWidth, RESIZABLE_IMAGE, SIZED_IMAGE_WIDTHS, SIZED_IMAGES_PREFIX, type SizedImageWidth } from '../../src/api/sized-images.ts';
import { sendApiError } from '../http/error-handler.ts';
import { UPLOAD_FOLDERS, UPLOAD_MAX_INPUT_PIXELS } from '../uploads/uploaded-images.ts';
import { IMAGE_CACHE, IMMUTABLE } from './static-files.ts';

export interface SizedImagesOptions {
  /** DATA_DIR/images: the demo's pictures (uploads come from the image store). */
  imagesDir: string;
  /** DATA_DIR/sized-images: the copies made, by width. */
  sizedDir: string;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const UPLOADS = new Set(Object.values(UPLOAD_FOLDERS));
const WEBP_QUALITY = 75;

/** The picture's key under the images folder, when `rest` is one this route may read. */
function sourceKey(rest: string): string | null {
  const segments = rest.split('/');
  if (segments.length > 8 || !segments.every((segment) => SEGMENT.test(segment) && segment !== '..' && segment !== '.')) return null;
  return RESIZABLE_IMAGE.test(rest) ? rest : null;
}

export default async function sizedImages(app: FastifyInstance, options: SizedImagesOptions): Promise<void> {
  const making = new Map<string, Promise<Buffer | null>>();

  /** The source's bytes and when it was written (null when it never changes), or null when there is none. */
  async function readSource(key: string): Promise<{ bytes: Buffer; writtenAt: number | null } | null> {
    if (UPLOADS.has(key.split('/')[0]!)) {
      const stored = await app.imageStore.get(key);
      if (!stored) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(chunk as Buffer);
      return { bytes: Buffer.concat(chunks), writtenAt: null };
    }
    const file = path.join(options.imagesDir, key);
    try {
      const [bytes, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
      return { bytes, writtenAt: stat.mtimeMs };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }

  /** The sized copy, made now if none is kept or its source changed since; null when there is no source. */
  async function sizedCopy(key: string, width: SizedImageWidth): Promise<Buffer | null> {
    const kept = path.join(options.sizedDir, String(width), `${key}.webp`);
    const keptStat = await fs.stat(kept).catch(() => null);
    if (keptStat && UPLOADS.has(key.split('/')[0]!)) return fs.readFile(kept);
    const source = await readSource(key);
    if (!source) return null;
    if (keptStat && source.writtenAt !== null && keptStat.mtimeMs >= source.writtenAt) return fs.readFile(kept);
    const image = sharp(source.bytes, { failOn: 'error', limitInputPixels: UPLOAD_MAX_INPUT_PIXELS, animated: false });
    const { format, width: sourceWidth = 0, height: sourceHeight = 0, orientation } = await image.metadata();
    // A WebP already no larger than asked is its own copy: encoded again it would only lose and often grow.
    const asItIs = format === 'webp' && Math.min(sourceWidth, sourceHeight) <= width && (orientation ?? 1) === 1;
    const bytes = asItIs
      ? source.bytes
      : await image.rotate().resize({ width, height: width, fit: 'outside', withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer();
    await fs.mkdir(path.dirname(kept), { recursive: true });
    // Written whole, then named: a reader in another process never sees half a file.
    const partial = `${kept}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, kept);
    return bytes;
  }

  function madeOnce(key: string, width: SizedImageWidth): Promise<Buffer | null> {
    const id = `${width}/${key}`;
    let pending = making.get(id);
    if (!pending) {
      pending = sizedCopy(key, width).finally(() => making.delete(id));
      making.set(id, pending);
    }
    return pending;
  }

  app.get<{ Params: { width: string; '*': string } }>(`${SIZED_IMAGES_PREFIX}:width/*`, {
    schema: {
      summary: `A picture of /public/images/ as WebP at one of the widths ${SIZED_IMAGE_WIDTHS.join(', ')}; made once, then kept.`,
      tags: ['app'],
      params: Type.Object({ width: Type.String(), '*': Type.String() }),
    },
    handler: async (request, reply): Promise<FastifyReply> => {
      const { width: widthText, '*': rest } = request.params;
      const urlPath = `${SIZED_IMAGES_PREFIX}${widthText}/${rest}`;
      const width = /^[1-9]\d{0,3}$/.test(widthText) ? Number(widthText) : Number.NaN;
      if (!isSizedImageWidth(width)) {
        return sendApiError(reply, 404, {
          message: `GET ${urlPath} does not exist: pictures are sized to ${SIZED_IMAGE_WIDTHS.join(', ')} pixels wide.`,
          code: 'NOT_FOUND',
        });
      }
      const key = sourceKey(rest);
      const missing = () => sendApiError(reply, 404, { message: `GET ${urlPath} does not exist.`, code: 'NOT_FOUND' });
      if (key === null) return missing();
      let bytes: Buffer | null;
      try {
        bytes = await madeOnce(key, width);
      } catch (error) {
        request.log.warn({ err: error, key }, 'sized image not made');
        return sendApiError(reply, 422, { message: `${key} is not a picture that can be sized.`, code: 'INVALID_IMAGE' });
      }
      if (!bytes) return missing();
      return reply
        .type('image/webp')
        .header('cache-control', UPLOADS.has(key.split('/')[0]!) ? IMMUTABLE : IMAGE_CACHE)
        .send(bytes);
    },
  });
}
