/**
 * A real S3-compatible server on loopback for the tests of the S3 image
 * store (issue 17): s3rver (@20minutes/s3rver, the maintained fork), an S3
 * implementation on the file system that speaks the protocol over HTTP, so
 * the official AWS SDK talks to it exactly as to S3 — no mock of the SDK.
 * Each server has a fresh folder and one empty bucket; close() stops it and
 * removes the folder.
 *
 * It does not check signatures: s3rver 4.0.4 signs a bucket-level path
 * (ListObjectsV2's /bucket/) without its trailing slash, unlike the SDK and
 * S3, and would refuse every listing. The keys the tests pass still have to
 * be right (the SDK signs with them as with real credentials).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3ImageStoreConfig } from '../../server/uploads/s3-image-store.ts';

export interface TestS3Server {
  /** The S3_* settings that reach the bucket, as the environment would give them. */
  config: S3ImageStoreConfig;
  /** The same as environment variables, for a server process. */
  env: Record<string, string>;
  /** Where the objects are, on disk (to look behind the store's back). */
  directory: string;
  close(): Promise<void>;
}

export async function startTestS3Server(bucket = 'foodpilot-test'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'foodpilot-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }], allowMismatchedSignatures: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's own credentials.
  const config: S3ImageStoreConfig = { bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  return {
    config,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    directory,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
