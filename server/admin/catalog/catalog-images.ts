/**
 * Pictures for the catalogue (stores, items, slides, categories) uploaded
 * from the console: checked, re-encoded and counted against the uploader's
 * storage quota like a profile picture (uploads/uploaded-images.ts), written
 * to the image store (DATA_DIR/images/ or the S3 bucket) under catalog/ with
 * a random name and served with the other images at /public/images/catalog/. The answer is the address to put
 * in an image field; one nothing refers to a day later is removed.
 */
import type { FastifyInstance } from 'fastify';
import type { ImageStore } from '../../uploads/image-store.ts';
import { storeUploadedImage, type Uploader } from '../../uploads/uploaded-images.ts';

export async function storeCatalogImage(app: FastifyInstance, store: ImageStore, uploader: Uploader, upload: string): Promise<string> {
  return storeUploadedImage(app, store, 'catalog', uploader, upload);
}
