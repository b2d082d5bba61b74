/**
 * Uploaded pictures in an S3-compatible object store (issue 17), through
 * the official AWS SDK: Amazon S3, or MinIO, Cloudflare R2, Backblaze B2,
 * DigitalOcean Spaces… by S3_ENDPOINT. Every server process of a cluster
 * reads and writes the same bucket, so a picture uploaded through one is
 * served by all. The keys are image-store.ts's, under S3_PREFIX when set.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertImageKey, assertImagePrefix, imageTypeOf, type ImageStore, type ImageStoreEntry } from './image-store.ts';

export interface S3ImageStoreConfig {
  /** S3_BUCKET: the bucket, which must exist. */
  bucket: string;
  /** S3_ENDPOINT: e.g. https://minio.internal:9000; unset for Amazon S3 itself. */
  endpoint?: string | undefined;
  /** S3_REGION; default us-east-1 (what most S3-compatible services expect). */
  region?: string | undefined;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; unset: the SDK's own chain (AWS_* variables, an instance role…). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** S3_FORCE_PATH_STYLE=1: http://endpoint/bucket/key instead of http://bucket.endpoint/key (MinIO and most self-hosted services). */
  forcePathStyle?: boolean | undefined;
  /** S3_PREFIX: keys start with it, e.g. 'foodpilot/' to share a bucket; default none. */
  prefix?: string | undefined;
}

/** What S3 keeps with each picture: the bytes under a key never change (new uploads get new names). */
const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

export function s3ImageStore(config: S3ImageStoreConfig): ImageStore {
  const prefix = config.prefix ?? '';
  if (prefix) assertImagePrefix(prefix);
  const client = new S3Client({
    region: config.region ?? 'us-east-1',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle ?? false,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const objectKey = (key: string) => {
    assertImageKey(key);
    return `${prefix}${key}`;
  };

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, CacheControl: OBJECT_CACHE_CONTROL }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        if (!answer.Body) return null;
        // In Node the SDK's body is a Readable (an http.IncomingMessage); anything else is read whole.
        const body = answer.Body instanceof Readable ? answer.Body : Readable.from(Buffer.from(await answer.Body.transformToByteArray()));
        return { body, contentType: answer.ContentType ?? imageTypeOf(key), contentLength: answer.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key as done.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
    async list(under) {
      assertImagePrefix(under);
      const entries: ImageStoreEntry[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          // Delimiter '/': the keys right under the prefix, as a folder lists its files.
          new ListObjectsV2Command({ Bucket: config.bucket, Prefix: `${prefix}${under}`, Delimiter: '/', ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          entries.push({ key: object.Key.slice(prefix.length), lastModified: object.LastModified ?? new Date(0) });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return entries;
    },
    async close() {
      client.destroy();
    },
  };
}
