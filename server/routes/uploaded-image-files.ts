/**
 * Serves uploaded pictures (profile pictures, catalogue images) at the
 * addresses their image fields hold, /public/images/avatars/<name> and
 * /public/images/catalog/<name>, from the image store, whichever it is
 * (uploads/image-store.ts: DATA_DIR/images, or the S3 bucket every server
 * process shares). A name is 32 random hex digits written once, so the
 * answer is cacheable for a year as immutable, its ETag is the name, and a
 * revalidation is answered 304 without reading the store. The other files
 * under /public/images/ (the demo city's) are static files
 * (static-files.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { sendApiError } from '../http/error-handler.ts';
import { STORED_NAME, UPLOAD_FOLDERS } from '../uploads/uploaded-images.ts';
import { IMAGES_PREFIX } from '../uploads/uploaded-images.ts';
import { IMMUTABLE } from './static-files.ts';

const Params = Type.Object({ name: Type.String() });

export default async function uploadedImageFiles(app: FastifyInstance): Promise<void> {
  for (const folder of Object.values(UPLOAD_FOLDERS)) {
    app.get<{ Params: { name: string } }>(`${IMAGES_PREFIX}${folder}/:name`, {
      schema: { summary: `An uploaded picture (${folder}), from the image store; immutable for a year.`, tags: ['app'], params: Params },
      handler: async (request, reply) => serve(app, request, reply, folder, request.params.name),
    });
  }
}

async function serve(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, folder: string, name: string): Promise<FastifyReply> {
  const missing = () => sendApiError(reply, 404, { message: `GET ${IMAGES_PREFIX}${folder}/${name} does not exist.`, code: 'NOT_FOUND' });
  if (!STORED_NAME.test(name)) return missing();
  const etag = `"${name}"`;
  void reply.header('cache-control', IMMUTABLE).header('etag', etag);
  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  const image = await app.imageStore.get(`${folder}/${name}`);
  if (!image) {
    void reply.removeHeader('cache-control').removeHeader('etag');
    return missing();
  }
  void reply.type(image.contentType);
  if (image.contentLength !== undefined) void reply.header('content-length', image.contentLength);
  if (request.method === 'HEAD') {
    image.body.destroy();
    return reply.send();
  }
  return reply.send(image.body);
}
