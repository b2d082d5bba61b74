/** `GET /health`: answers at once without touching the database; for load balancers and the bench's baseline. */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';

export const HEALTH_PATH = '/health';

export default async function healthRoute(app: FastifyInstance): Promise<void> {
  app.get(HEALTH_PATH, {
    schema: {
      summary: 'Liveness: the process answers HTTP.',
      tags: ['app'],
      response: { 200: Type.Object({ ok: Type.Literal(true) }) },
    },
    handler: async () => ({ ok: true as const }),
  });
}
