/**
 * Pictures for the catalogue (stores, items, slides, categories) uploaded
 * from the console: checked exactly like a profile picture (the type from
 * the bytes, PNG, JPEG or WebP, at most AVATAR_MAX_BYTES), written under
 * DATA_DIR/images/catalog/ with a random name and served with the other
 * images at /public/images/catalog/. The answer is the address to put in an
 * image field.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { decodeAvatar } from '../accounts/avatar.ts';
import { IMAGES_PREFIX } from '../routes/static-files.ts';

const CATALOG_FOLDER = 'catalog';

export async function storeCatalogImage(imagesDir: string, upload: string): Promise<string> {
  const { bytes, extension } = decodeAvatar(upload);
  const folder = path.join(imagesDir, CATALOG_FOLDER);
  await fs.mkdir(folder, { recursive: true });
  // A new name per upload: images are cached for a year, so a changed picture needs a new address.
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  await fs.writeFile(path.join(folder, name), bytes, { mode: 0o644 });
  return `${IMAGES_PREFIX}${CATALOG_FOLDER}/${name}`;
}
