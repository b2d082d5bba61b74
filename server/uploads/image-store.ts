/**
 * Where uploaded pictures are kept (issue 17): one interface, two places.
 *
 * - The local folder (DATA_DIR/images), the default: right for one machine.
 * - An S3-compatible object store (s3-image-store.ts) when S3_BUCKET is set:
 *   every server process, on any machine, reads and writes the same pictures.
 *
 * Keys are paths under the store, e.g. `avatars/<32 hex>.png`: lower-case
 * letters, digits, dots, dashes and underscores in segments joined by `/`;
 * never `..`, never absolute. A key's bytes never change once written (every
 * upload gets a new random name), so they are served with a year's
 * immutable caching (routes/uploaded-image-files.ts).
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredImage {
  body: Readable;
  contentType: string;
  /** Bytes, when the store knows them before reading. */
  contentLength?: number | undefined;
}

export interface ImageStoreEntry {
  key: string;
  lastModified: Date;
}

export interface ImageStore {
  /** 'local' or 's3': for the logs and the tests. */
  readonly kind: 'local' | 's3';
  /** Writes the bytes under key (replacing what was there). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The picture under key, or null when there is none. */
  get(key: string): Promise<StoredImage | null>;
  /** Removes key; no error when it is not there. */
  delete(key: string): Promise<void>;
  /** Every key under prefix (e.g. 'avatars/'), with when it was written. */
  list(prefix: string): Promise<ImageStoreEntry[]>;
  /** Lets go of connections; the app calls it on close. */
  close(): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;
const PREFIX = /^([a-z0-9][a-z0-9._-]*\/)*$/;

export function assertImageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`Not an image key: ${JSON.stringify(key)}`);
  }
}

export function assertImagePrefix(prefix: string): void {
  if (!PREFIX.test(prefix) || prefix.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`Not an image key prefix: ${JSON.stringify(prefix)}`);
  }
}

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' };

/** The type a file name's extension says, for a store that does not keep one. */
export function imageTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** The pictures as files under root (DATA_DIR/images), each key its relative path. */
export function localImageStore(root: string): ImageStore {
  const fileOf = (key: string) => {
    assertImageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed: a reader never sees half a picture.
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, bytes, { mode: 0o644 });
      await fs.rename(partial, file);
    },
    async get(key) {
      const file = fileOf(key);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return null;
      return { body: createReadStream(file), contentType: imageTypeOf(key), contentLength: stat.size };
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      assertImagePrefix(prefix);
      const folder = path.join(root, ...prefix.split('/').filter(Boolean));
      const names = await fs.readdir(folder).catch(() => [] as string[]);
      const entries: ImageStoreEntry[] = [];
      for (const name of names) {
        if (!KEY.test(name) || name.endsWith('.partial')) continue;
        const stat = await fs.stat(path.join(folder, name)).catch(() => undefined);
        if (stat?.isFile()) entries.push({ key: `${prefix}${name}`, lastModified: stat.mtime });
      }
      return entries;
    },
    async close() {},
  };
}
