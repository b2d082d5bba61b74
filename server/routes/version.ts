/**
 * `GET /version.json`: the first thing a client reads (spec §4). It must never
 * be cached, or a client would miss a forced refresh.
 */
import type { FastifyInstance } from 'fastify';
import { VersionResponse } from '../../src/api/calls.ts';
import { VERSION_PATH } from '../../src/api/paths.ts';

export default async function versionRoute(app: FastifyInstance): Promise<void> {
  app.get(VERSION_PATH, {
    schema: {
      summary: 'The settings and cache versions; a change makes clients refetch or clear caches.',
      tags: ['app'],
      response: { 200: VersionResponse },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.versionsRepository.get();
    },
  });
}
