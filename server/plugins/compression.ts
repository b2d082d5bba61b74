/**
 * Compressed answers for the routes registered after it: brotli or gzip by
 * the request's Accept-Encoding, for text and JSON answers of at least
 * COMPRESS_THRESHOLD_BYTES (below that the headers cost more than they save).
 *
 * What it leaves alone:
 * - the built app's files: static-files.ts sends the `.br` / `.gz` written at
 *   build time (quality 11), already with Content-Encoding, which this plugin
 *   never encodes again;
 * - the server-sent-event streams (order-events.ts, store-order-events.ts):
 *   they write to the raw response after `reply.hijack()`, and
 *   text/event-stream is not a compressible type here, so no message waits
 *   in a compressor's buffer;
 * - request bodies: never inflated (API bodies are small JSON; a client has
 *   no reason to compress them, and an inflated body could outgrow the limit).
 */
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 1024;

async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}

export default fp(compression, { name: 'compression' });
