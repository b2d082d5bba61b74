/**
 * Every picture people upload (profile pictures, the console's catalogue
 * images) goes through here:
 *
 * - its type is read from the bytes (PNG, JPEG or WebP, decodeAvatar), then
 *   it is decoded and encoded again with sharp: what is stored is only the
 *   pixels, in the same format, at most UPLOAD_MAX_DIMENSION on a side, with
 *   no metadata (EXIF, location, comments) and nothing after the image (a
 *   PNG with an HTML page appended comes out as a clean PNG). Bytes no
 *   decoder reads are INVALID_IMAGE.
 * - it counts against its owner's storage quota (UPLOAD_QUOTA_BYTES;
 *   administrators have none): UPLOAD_QUOTA_EXCEEDED past it.
 * - a row of `uploads` (0014) records its address, owner and size; the
 *   periodic cleanup (cleanupOrphanUploads) removes a picture nothing
 *   refers to once it is older than the grace period.
 * - the bytes go to the image store (image-store.ts): the folder
 *   DATA_DIR/images by default, an S3-compatible bucket with S3_BUCKET; the
 *   address is the same either way, /public/images/<folder>/<name>, served
 *   by routes/uploaded-image-files.ts.
 */
import { randomBytes } from 'node:crypto';
import { IMAGES_PATH_PREFIX } from '../../src/api/paths.ts';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { decodeAvatar, type AvatarExtension } from '../account/avatar.ts';
import { HttpError } from '../http/http-error.ts';
import type { ImageStore } from './image-store.ts';

/** Where uploaded images are served (the image store's keys follow it). */
export const IMAGES_PREFIX = IMAGES_PATH_PREFIX;

export type UploadKind = 'avatar' | 'catalog';

/** Where each kind lives in the image store (DATA_DIR/images/ or the bucket), and is served under /public/images/. */
export const UPLOAD_FOLDERS: Record<UploadKind, string> = { avatar: 'avatars', catalog: 'catalog' };

/** The longest side of a stored picture: larger ones are scaled down (proportions kept). */
export const UPLOAD_MAX_DIMENSION = 2048;
/** A picture's decoded pixels at most (a few thousand by a few thousand): a decompression bomb is refused. */
export const UPLOAD_MAX_INPUT_PIXELS = 50_000_000;
/** What one owner's pictures may take on the server, all kinds together; administrators are not limited. */
export const UPLOAD_QUOTA_BYTES = 50 * 1024 * 1024;
/** An upload nothing refers to is removed once it is this old (a form being filled in keeps its picture a day). */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** The name of a stored upload: 32 random hex digits and the format's extension. */
export const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

const CONTENT_TYPES: Record<AvatarExtension, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

export interface Uploader {
  id: number;
  role: string;
}

function invalidImage(): HttpError {
  return new HttpError(400, 'INVALID_IMAGE', 'The file could not be read as a picture: upload a PNG, JPEG or WebP image.');
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** The picture decoded and encoded again: pixels only, same format, at most UPLOAD_MAX_DIMENSION a side. */
export async function reencodeImage(bytes: Buffer, extension: AvatarExtension): Promise<Buffer> {
  try {
    // failOn 'error': a truncated or corrupt image is refused rather than stored half-grey.
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: UPLOAD_MAX_INPUT_PIXELS, animated: false })
      // Turn the picture as its EXIF says before the metadata goes (sharp writes none unless asked).
      .rotate()
      .resize({ width: UPLOAD_MAX_DIMENSION, height: UPLOAD_MAX_DIMENSION, fit: 'inside', withoutEnlargement: true });
    if (extension === 'png') return await image.png({ compressionLevel: 9 }).toBuffer();
    if (extension === 'jpg') return await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return await image.webp({ quality: 85 }).toBuffer();
  } catch {
    throw invalidImage();
  }
}

/** Bytes of pictures this owner keeps on the server. */
export async function uploadUsage(app: FastifyInstance, ownerId: number): Promise<number> {
  return app.uploadsRepository.usageOf(ownerId);
}

async function assertWithinQuota(app: FastifyInstance, owner: Uploader, adding: number): Promise<void> {
  if (owner.role === 'admin') return;
  const used = await uploadUsage(app, owner.id);
  if (used + adding <= UPLOAD_QUOTA_BYTES) return;
  throw new HttpError(
    413,
    'UPLOAD_QUOTA_EXCEEDED',
    `Your pictures already take ${megabytes(used)} of the ${megabytes(UPLOAD_QUOTA_BYTES)} each account may keep, and this one needs ` +
      `${megabytes(adding)} more. Pictures that no store, item, slide or profile uses are removed after ` +
      `${ORPHAN_GRACE_MS / 3_600_000} hours; try again then, or ask an administrator.`,
  );
}

/**
 * Checks, re-encodes and stores an uploaded picture (a data URL or base64)
 * under a new random name (images are cached for a year), and records it for
 * its owner. Answers the address to put in an image field.
 */
export async function storeUploadedImage(
  app: FastifyInstance,
  store: ImageStore,
  kind: UploadKind,
  owner: Uploader,
  upload: string,
  now: Date = new Date(),
): Promise<string> {
  const { bytes, extension } = decodeAvatar(upload);
  const clean = await reencodeImage(bytes, extension);
  await assertWithinQuota(app, owner, clean.length);
  const key = `${UPLOAD_FOLDERS[kind]}/${randomBytes(16).toString('hex')}.${extension}`;
  const url = `${IMAGES_PREFIX}${key}`;
  await store.put(key, clean, CONTENT_TYPES[extension]);
  try {
    await app.uploadsRepository.add({ url, owner_user_id: owner.id, kind, bytes: clean.length, created_at: now.toISOString() });
  } catch (error) {
    await store.delete(key);
    throw error;
  }
  return url;
}

/** The image store's key of an upload's address (`avatars/<name>`), or undefined for any other address (never outside the upload folders). */
export function uploadKeyOf(url: string): string | undefined {
  for (const folder of Object.values(UPLOAD_FOLDERS)) {
    const prefix = `${IMAGES_PREFIX}${folder}/`;
    if (!url.startsWith(prefix)) continue;
    const name = url.slice(prefix.length);
    return STORED_NAME.test(name) ? `${folder}/${name}` : undefined;
  }
  return undefined;
}

/** Removes an upload's picture and its record (a replaced profile picture); other addresses are left alone. */
export async function forgetUpload(app: FastifyInstance, store: ImageStore, url: string | null): Promise<void> {
  if (!url) return;
  const key = uploadKeyOf(url);
  if (!key) return;
  await store.delete(key);
  await app.uploadsRepository.forgetUrl(url);
}

/** The image fields of the catalogue and the accounts, in the order they are asked: where an upload's address is used. */
function imageFieldChecks(app: FastifyInstance): ((url: string) => Promise<boolean>)[] {
  return [
    (url) => app.usersRepository.usesImage(url),
    (url) => app.storesRepository.usesImage(url),
    (url) => app.catalogRepository.usesImage('restaurant_categories', url),
    (url) => app.catalogRepository.usesImage('category_slides', url),
    (url) => app.menuRepository.usesImage(url),
    (url) => app.catalogRepository.usesImage('promo_slides', url),
  ];
}

/** Whether anything shows this address: an image field, a setting (logo, icons, HTML, CSS) or a content page. */
export async function isUploadReferenced(app: FastifyInstance, url: string): Promise<boolean> {
  for (const usesImage of imageFieldChecks(app)) {
    if (await usesImage(url)) return true;
  }
  // Upload addresses are /public/images/<folder>/<hex>.<ext>: no LIKE wildcard in them.
  if (await app.settingsRepository.anyValueContains(url)) return true;
  return app.pagesRepository.anyBodyContains(url);
}

export interface CleanupOptions {
  /** The time the grace period counts from (tests move it instead of waiting a day). */
  now?: Date;
  graceMs?: number;
}

/**
 * Removes the uploads nothing refers to that are older than the grace
 * period: recorded ones (by their row's time) and pictures in the upload
 * folders of the store without a row (stored before 0014, or whose row a
 * crash lost; by the time they were written). Idempotent and safe to run
 * twice at once: a picture or a row already gone is no error. Answers the
 * addresses removed.
 */
export async function cleanupOrphanUploads(app: FastifyInstance, store: ImageStore, options: CleanupOptions = {}): Promise<string[]> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.graceMs ?? ORPHAN_GRACE_MS));
  const removed: string[] = [];

  const oldRows = await app.uploadsRepository.recordedBefore(cutoff.toISOString());
  for (const row of oldRows) {
    if (await isUploadReferenced(app, row.url)) continue;
    const key = uploadKeyOf(row.url);
    if (key) await store.delete(key);
    await app.uploadsRepository.forget(row.id);
    removed.push(row.url);
  }

  for (const folder of Object.values(UPLOAD_FOLDERS)) {
    for (const entry of await store.list(`${folder}/`)) {
      const name = entry.key.slice(folder.length + 1);
      if (!STORED_NAME.test(name)) continue;
      // A fresh picture may be an upload whose row is being written right now.
      if (entry.lastModified >= cutoff) continue;
      const url = `${IMAGES_PREFIX}${entry.key}`;
      if (await app.uploadsRepository.isRecorded(url)) continue;
      if (await isUploadReferenced(app, url)) continue;
      await store.delete(entry.key);
      removed.push(url);
    }
  }
  return removed;
}
