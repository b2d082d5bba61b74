import { describe, expect, it } from 'vitest';
import { earlySyncWorkerName, pathOfEarlySyncWorker } from '../../../src/lib/early-sync-worker.ts';
import { storeItemPath, storePath, storeSlugOfPath } from '../../../src/lib/store-paths.ts';

describe('storeSlugOfPath', () => {
  it("reads back the slug of every store page's address the app links to, encoded ones too", () => {
    for (const slug of ['nonna-lucia-trattoria', 'café del mar', 'ramen/bar', 'مطعم']) {
      expect(storeSlugOfPath(storePath({ city: 'riverton', slug }))).toBe(slug);
      expect(storeSlugOfPath(storePath({ city: null, slug }))).toBe(slug);
      expect(storeSlugOfPath(storeItemPath({ city: 'riverton', slug }, 42))).toBe(slug);
      expect(storeSlugOfPath(storeItemPath({ city: null, slug }, 42))).toBe(slug);
    }
    // React Router matches the static segment case-insensitively, and a trailing slash.
    expect(storeSlugOfPath('/Stores/riverton/golden-wok/')).toBe('golden-wok');
  });

  it('is null for every other path, and for an address no browser could decode', () => {
    for (const path of ['/', '/stores', '/stores/', '/explore', '/categories/stores', '/my-favorite-stores', '/stores/a/b/c/d', '/admin/stores/3', '/stores/%E0%A4%A']) {
      expect(storeSlugOfPath(path), path).toBeNull();
    }
  });
});

describe("the early sync worker's name", () => {
  it("carries the page's path to the worker, and a worker the page started itself has none", () => {
    expect(pathOfEarlySyncWorker(earlySyncWorkerName('/stores/riverton/golden-wok'))).toBe('/stores/riverton/golden-wok');
    expect(pathOfEarlySyncWorker(earlySyncWorkerName('/'))).toBe('/');
    expect(pathOfEarlySyncWorker('')).toBeNull();
  });
});
