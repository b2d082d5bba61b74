/**
 * GET /public/api/dev/outbox?to=…&channel=…&limit=… : what the development
 * transports "sent", newest first, so end-to-end tests and developers can
 * read one-time codes. Registered only outside production and only while
 * every channel uses the development outbox (plugins/accounts.ts).
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ApiErrorSchema, DEV_OUTBOX_PATH, DevOutboxSchema, OUTBOX_CHANNELS, type OutboxChannel } from '../../src/api/index.ts';
import type { DevOutbox } from '../messaging/dev-outbox.ts';

const Query = Type.Object(
  {
    to: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    channel: Type.Optional(Type.Union(OUTBOX_CHANNELS.map((channel) => Type.Literal(channel)))),
    limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' })),
  },
  { additionalProperties: false },
);

export function registerDevOutboxRoute(app: FastifyInstance, outbox: DevOutbox): void {
  app.get(DEV_OUTBOX_PATH, {
    schema: {
      summary: 'Development only: messages the development SMS, e-mail and push transports wrote, newest first.',
      tags: ['dev'],
      querystring: Query,
      response: { 200: DevOutboxSchema, '4xx': ApiErrorSchema },
    },
    handler: async (request) => {
      const query = request.query as { to?: string; channel?: OutboxChannel; limit?: string };
      return { messages: await outbox.list({ to: query.to, channel: query.channel, limit: query.limit ? Number(query.limit) : 50 }) };
    },
  });
}
