/**
 * GET /public/api/dev/outbox?to=…&channel=…&limit=… : what the development
 * transports "sent", newest first, so end-to-end tests and developers can
 * read one-time codes. It hands out sign-in and password-reset codes, so it
 * exists only when the operator asks for it (DEV_OUTBOX_HTTP=1), outside
 * production, while the server listens on a loopback address and every
 * channel uses the development outbox (account/accounts-plugin.ts); and it answers
 * only callers on this machine (403 otherwise). Without it, the codes are in
 * the server's console and in DATA_DIR/outbox/*.jsonl.
 */
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { DevOutboxSchema } from '../../src/api/account/entities.ts';
import { DEV_OUTBOX_PATH, OUTBOX_CHANNELS, type OutboxChannel } from '../../src/api/account/limits.ts';
import { ApiErrorSchema } from '../../src/api/error-schema.ts';
import { HttpError } from '../http/http-error.ts';
import type { DevOutbox } from './dev-outbox.ts';

const Query = Type.Object(
  {
    to: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    channel: Type.Optional(Type.Union(OUTBOX_CHANNELS.map((channel) => Type.Literal(channel)))),
    limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' })),
  },
  { additionalProperties: false },
);

/** 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6 (::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const text = address.toLowerCase();
  const v4 = text.startsWith('::ffff:') ? text.slice('::ffff:'.length) : text;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return text === '::1' || text === '0:0:0:0:0:0:0:1';
}

/** A HOST to listen on that only this machine reaches: a loopback address, or localhost. */
export function isLoopbackHost(host: string): boolean {
  const text = host.trim().replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return text === 'localhost' || isLoopbackAddress(text);
}

/**
 * The caller is on this machine: the socket's peer is a loopback address and
 * no proxy says it forwarded the request for someone else (a reverse proxy on
 * the same machine connects from loopback too).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = ['forwarded', 'x-forwarded-for', 'x-real-ip'].some((name) => request.headers[name] !== undefined);
  return !forwarded && isLoopbackAddress(request.socket.remoteAddress);
}

export function registerDevOutboxRoute(app: FastifyInstance, outbox: DevOutbox): void {
  app.get(DEV_OUTBOX_PATH, {
    schema: {
      summary:
        'Development only, when the server was started with DEV_OUTBOX_HTTP=1 on a loopback HOST: messages the development SMS, ' +
        'e-mail and push transports wrote, newest first. Answers callers on the same machine only (FORBIDDEN otherwise).',
      tags: ['dev'],
      querystring: Query,
      response: { 200: DevOutboxSchema, '4xx': ApiErrorSchema },
    },
    // Before the query is even parsed: a stranger learns nothing from it.
    onRequest: async (request) => {
      if (!fromThisMachine(request)) {
        throw new HttpError(403, 'FORBIDDEN', 'The development outbox answers only callers on the machine the server runs on.');
      }
    },
    handler: async (request) => {
      const query = request.query as { to?: string; channel?: OutboxChannel; limit?: string };
      return { messages: await outbox.list({ to: query.to, channel: query.channel, limit: query.limit ? Number(query.limit) : 50 }) };
    },
  });
}
