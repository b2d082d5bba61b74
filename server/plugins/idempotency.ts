/**
 * Idempotency-Key for every POST under /public/api (DESIGN §4 point 5), so a
 * replayed queued action changes nothing the second time. Any route gets it
 * for free: the client sends the header, this plugin does the rest.
 *
 * - The key is scoped to who sent it (the bearer token's or body.token's hash,
 *   else 'anonymous') and to method + path.
 * - First request: the key is reserved with a hash of the body, the handler
 *   runs, and its status and body are stored before the answer leaves, so a
 *   retry that follows the answer always finds it.
 * - Same key, same body: the stored answer is replayed (`Idempotent-Replayed:
 *   true`) and nothing runs. Same key, other body: 422. Still running: 409.
 * - A 5xx releases the key, so a retry runs the action again.
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, IDEMPOTENCY_HEADER } from '../../src/api/index.ts';
import { HttpError } from '../http-error.ts';
import type { IdempotencyIdentity } from '../repositories/idempotency-repository.ts';

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once this request holds a reservation it must complete or release. */
    idempotencyReservation?: IdempotencyIdentity;
  }
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** JSON with object keys sorted, so {a,b} and {b,a} hash the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whose key this is: a hash of their token (never the token itself), or 'anonymous'. */
export function callerOf(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return `token:${sha256(bearer)}`;
  const body = request.body as { token?: unknown } | null | undefined;
  if (body && typeof body === 'object' && typeof body.token === 'string' && body.token !== '') {
    return `token:${sha256(body.token)}`;
  }
  return 'anonymous';
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (!KEY_PATTERN.test(key)) {
    throw new HttpError(
      400,
      'BAD_REQUEST',
      `${IDEMPOTENCY_HEADER} must be 8 to 128 characters of letters, digits, "-" and "_".`,
    );
  }
  return key;
}

function isApiPost(request: FastifyRequest): boolean {
  return request.method === 'POST' && request.url.startsWith(`${API_PREFIX}/`);
}

function pathOf(request: FastifyRequest): string {
  const queryAt = request.url.indexOf('?');
  return queryAt === -1 ? request.url : request.url.slice(0, queryAt);
}

async function idempotencyPlugin(app: FastifyInstance): Promise<void> {
  const repository = app.idempotencyRepository;

  // Checked before the body is parsed, so a bad key fails fast.
  app.addHook('onRequest', async (request) => {
    if (isApiPost(request)) idempotencyKeyOf(request);
  });

  // After validation: a request with an invalid body never claims a key.
  app.addHook('preHandler', async (request, reply) => {
    if (!isApiPost(request)) return;
    const key = idempotencyKeyOf(request);
    if (key === undefined) return;
    const identity = { scope: `${callerOf(request)} ${request.method} ${pathOf(request)}`, key };
    const requestHash = sha256(canonicalJson(request.body ?? null));
    const reservation = await repository.reserve(identity, requestHash);
    if (reservation.outcome === 'reserved') {
      request.idempotencyReservation = identity;
      return;
    }
    const { row } = reservation;
    if (row.request_hash !== requestHash) {
      throw new HttpError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        `This ${IDEMPOTENCY_HEADER} was already used for a different request.`,
      );
    }
    if (row.state !== 'completed' || row.response_status === null) {
      throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS', 'The first request with this key is still running.');
    }
    return replay(reply, row.response_status, row.response_body ?? '', row.response_content_type);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const identity = request.idempotencyReservation;
    if (!identity) return payload;
    request.idempotencyReservation = undefined;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    // Server failures are not the answer to remember; nor is a stream we cannot store.
    if (reply.statusCode >= 500 || body === null) {
      await repository.release(identity);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await repository.complete(identity, {
      status: reply.statusCode,
      body,
      contentType: typeof contentType === 'string' ? contentType : null,
    });
    return payload;
  });

  // Safety net: if a reply ever finishes without passing onSend, its key
  // must not stay in_progress (every retry would get 409 until the purge).
  app.addHook('onResponse', async (request) => {
    const identity = request.idempotencyReservation;
    if (identity) await repository.release(identity);
  });

  app.addHook('onReady', async () => {
    await purge(app);
  });
  const timer = setInterval(() => void purge(app), PURGE_INTERVAL_MS);
  // The purge must never keep the process alive on its own.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

function replay(reply: FastifyReply, status: number, body: string, contentType: string | null): FastifyReply {
  reply.code(status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (contentType) reply.header('content-type', contentType);
  return reply.send(body);
}

async function purge(app: FastifyInstance): Promise<void> {
  try {
    const removed = await app.idempotencyRepository.purgeExpired();
    if (removed > 0) app.log.info({ removed }, 'purged expired idempotency keys');
  } catch (error) {
    app.log.error({ err: error }, 'could not purge idempotency keys');
  }
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['database'] });
