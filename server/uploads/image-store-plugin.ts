/**
 * Puts the store of uploaded pictures on the instance (`app.imageStore`,
 * uploads/image-store.ts): an S3-compatible bucket when S3_BUCKET is set
 * (every server process of a cluster shares it), else the local folder
 * DATA_DIR/images. It closes with the app.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { localImageStore, type ImageStore } from './image-store.ts';
import { s3ImageStore, type S3ImageStoreConfig } from './s3-image-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    imageStore: ImageStore;
  }
}

export interface ImageStorePluginOptions {
  /** DATA_DIR/images: the local store's folder. */
  imagesDir: string;
  /** S3_*: the bucket instead of the folder. */
  s3?: S3ImageStoreConfig | undefined;
}

async function imageStorePlugin(app: FastifyInstance, options: ImageStorePluginOptions): Promise<void> {
  const store = options.s3 ? s3ImageStore(options.s3) : localImageStore(options.imagesDir);
  app.decorate('imageStore', store);
  app.addHook('onClose', async () => {
    await store.close();
  });
}

export default fp(imageStorePlugin, { name: 'image-store' });
