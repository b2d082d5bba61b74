/**
 * Idempotency-Key for every POST under /public/api (DESIGN §4 point 5, §7),
 * so a replayed queued action changes nothing the second time. Any route
 * gets it for free: the client sends the header, this plugin does the rest.
 *
 * - The key belongs to who sent it: the signed-in user ('user:<id>', so a
 *   replay after signing in again finds its answer), an unknown token's hash,
 *   else 'anonymous'; and to method + path. The token is not part of the
 *   request it identifies: a body's `token` field is left out of its hash.
 * - First request: the key is reserved with a hash of the body and a lease
 *   (this process, for LEASE_MS, renewed while the call runs), the handler
 *   runs, and its status and body are stored before the answer leaves, so a
 *   retry that follows the answer always finds it. A handler that writes in
 *   a transaction stores its answer inside it (storeAnswerWithin), so the
 *   writes and their answer commit together: a crash can never leave a call
 *   done with no answer to replay.
 * - Same key, same body: the stored answer is replayed (`Idempotent-Replayed:
 *   true`) and nothing runs. Same key, other body: 422. Still running: 409,
 *   but only while the lease holds: a retry after the process that held it
 *   died takes the key over (after at most LEASE_MS) and runs the call once.
 * - A 5xx releases the key, so a retry runs the action again.
 */
import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { IDEMPOTENCY_HEADER } from '../../src/api/outbox.ts';
import { API_PREFIX } from '../../src/api/paths.ts';
import { CLUSTER_JOBS, runOncePerCluster } from '../db/cluster-lease.ts';
import type { Database } from '../db/tables.ts';
import { HttpError } from './http-error.ts';
import type { IdempotencyIdentity, IdempotencyLease, IdempotencyRepository } from './idempotency-repository.ts';

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How long a reservation outlives the last sign of life of the process that
 * holds it: a retry after a crash waits at most this long for the key.
 */
export const IDEMPOTENCY_LEASE_MS = 10_000;
/** The holder renews its lease this often, well inside the lease. */
const LEASE_RENEW_MS = IDEMPOTENCY_LEASE_MS / 3;
/** A call still running after this is stuck: its lease is no longer renewed, and a retry may take the key. */
const MAX_HOLD_MS = 2 * 60 * 1000;

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A key a call holds: it must finish it (store its answer, or release it). */
export interface HeldReservation {
  identity: IdempotencyIdentity;
  owner: string;
  /** The call's answer as its response schema writes it (what a replay sends). */
  serialize: (answer: unknown) => string;
  renewal: NodeJS.Timeout;
}

/** An answer to store, or to send again. */
export interface CallAnswer {
  status: number;
  /** null: nothing that can be stored (a stream). */
  body: string | null;
  contentType: string | null;
}

/**
 * The Idempotency-Key protocol, for the HTTP hooks below and for whatever
 * runs a call in process (the driver batch, server/driver/driver-batch.ts).
 */
export interface IdempotencyKeys {
  /**
   * Claims `key` for this caller's call with this body: the stored answer of
   * the same request to send again, or the key, now held by this call until
   * it finishes. A different request with the key is 422; one still running, 409.
   */
  claim(call: { caller: string; method: string; path: string; key: string; body: unknown }, serialize: (answer: unknown) => string): Promise<{ replay: CallAnswer } | { held: HeldReservation }>;
  /** Stores the call's answer, or releases the key when it is a server failure (5xx) or nothing storable. */
  finish(held: HeldReservation, answer: CallAnswer): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: IdempotencyKeys;
  }
  interface FastifyRequest {
    /** Set once this request holds a reservation it must complete or release. */
    idempotencyReservation?: HeldReservation;
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

function tokenIn(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  const body = request.body as { token?: unknown } | null | undefined;
  if (body && typeof body === 'object' && typeof body.token === 'string' && body.token !== '') return body.token;
  return undefined;
}

/**
 * Whose key this is: the signed-in user ('user:<id>', with '/as:<agent id>'
 * for an agent acting for a customer), whatever session they used; a hash of
 * a token that signs nobody in (never the token itself); or 'anonymous'.
 */
export async function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const token = tokenIn(request);
  if (token === undefined) return 'anonymous';
  const tokenHash = sha256(token);
  const user = await app.usersRepository.userByTokenHash(tokenHash);
  if (!user) return `token:${tokenHash}`;
  return user.acting_user_id === null ? `user:${user.id}` : `user:${user.id}/as:${user.acting_user_id}`;
}

/** The hash that says "the same request": the body without the session's token. */
export function requestHashOf(body: unknown): string {
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'token' in body) {
    const { token: _session, ...request } = body as Record<string, unknown>;
    return sha256(canonicalJson(request));
  }
  return sha256(canonicalJson(body ?? null));
}

/**
 * Stores this call's answer inside the transaction that makes its writes, so
 * both commit or neither does; nothing without an Idempotency-Key. Call it
 * last in the transaction, with what the handler then answers (status 200):
 * the body is serialized by the route's own response schema, as the answer
 * will be. Throws 409 IDEMPOTENCY_IN_PROGRESS (rolling the transaction back)
 * when this process no longer holds the key: its lease lapsed and a retry
 * took the call over.
 */
export async function storeAnswerWithin(request: FastifyRequest, trx: Kysely<Database>, answer: unknown): Promise<void> {
  const held = request.idempotencyReservation;
  if (!held) return;
  const body = held.serialize(answer);
  const stored = await request.server.idempotencyRepository.complete(
    held.identity,
    held.owner,
    { status: 200, body, contentType: JSON_CONTENT_TYPE },
    trx,
  );
  if (!stored) throw leaseLost();
}

function leaseLost(): HttpError {
  return new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS', 'This request took too long and a retry with the same key is running it now.');
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
  // This process, as lease holder: a restart is another holder, so its predecessor's leases simply lapse.
  const owner = `${os.hostname()}:${process.pid}:${randomUUID()}`;
  const leaseFrom = (now = Date.now()): IdempotencyLease => ({ owner, until: new Date(now + IDEMPOTENCY_LEASE_MS).toISOString() });

  // Checked before the body is parsed, so a bad key fails fast.
  app.addHook('onRequest', async (request) => {
    if (isApiPost(request)) idempotencyKeyOf(request);
  });

  const keys: IdempotencyKeys = {
    async claim(call, serialize) {
      const identity = { scope: `${call.caller} ${call.method} ${call.path}`, key: call.key };
      const requestHash = requestHashOf(call.body);
      // Keys stored before the token left the hash (0013) hashed the body with it.
      const legacyHash = sha256(canonicalJson(call.body ?? null));
      const sameRequest = (storedHash: string) => storedHash === requestHash || storedHash === legacyHash;
      const reservation = await repository.reserve(identity, requestHash, leaseFrom(), sameRequest);
      if (reservation.outcome === 'reserved') {
        if (reservation.takenOver) app.log.warn({ idempotencyKey: call.key }, 'took over an Idempotency-Key whose holder stopped renewing it');
        return { held: { identity, owner, serialize, renewal: keepLeased(app, repository, identity, leaseFrom) } };
      }
      const { row } = reservation;
      if (!sameRequest(row.request_hash)) {
        throw new HttpError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          `This ${IDEMPOTENCY_HEADER} was already used for a different request.`,
        );
      }
      if (row.state !== 'completed' || row.response_status === null) {
        throw new HttpError(409, 'IDEMPOTENCY_IN_PROGRESS', 'The first request with this key is still running.');
      }
      return { replay: { status: row.response_status, body: row.response_body ?? '', contentType: row.response_content_type } };
    },

    async finish(held, answer) {
      clearInterval(held.renewal);
      // Server failures are not the answer to remember; nor is a stream we cannot store. (An answer the
      // call's transaction stored stays: both only touch a key still in progress.)
      if (answer.status >= 500 || answer.body === null) {
        await repository.release(held.identity, held.owner);
        return;
      }
      await repository.complete(held.identity, held.owner, { status: answer.status, body: answer.body, contentType: answer.contentType });
    },
  };
  app.decorate('idempotency', keys);

  // After validation: a request with an invalid body never claims a key.
  app.addHook('preHandler', async (request, reply) => {
    if (!isApiPost(request)) return;
    const key = idempotencyKeyOf(request);
    if (key === undefined) return;
    const claimed = await keys.claim(
      { caller: await callerOf(app, request), method: request.method, path: pathOf(request), key, body: request.body },
      (answer) => {
        const serialized = reply.serialize(answer);
        return typeof serialized === 'string' ? serialized : Buffer.from(serialized as ArrayBuffer).toString('utf8');
      },
    );
    if ('held' in claimed) {
      request.idempotencyReservation = claimed.held;
      return;
    }
    return replay(reply, claimed.replay);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotencyReservation;
    if (!held) return payload;
    request.idempotencyReservation = undefined;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const contentType = reply.getHeader('content-type');
    await keys.finish(held, { status: reply.statusCode, body, contentType: typeof contentType === 'string' ? contentType : null });
    return payload;
  });

  // Safety net: if a reply ever finishes without passing onSend, its key
  // must not stay in_progress (every retry would get 409 until the lease lapses).
  app.addHook('onResponse', async (request) => {
    const held = request.idempotencyReservation;
    if (!held) return;
    request.idempotencyReservation = undefined;
    clearInterval(held.renewal);
    await repository.release(held.identity, held.owner);
  });

  app.addHook('onReady', async () => {
    await purge(app);
  });
  const timer = setInterval(() => void purge(app), PURGE_INTERVAL_MS);
  // The purge must never keep the process alive on its own.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Renews the lease while the call runs (stopped by onSend/onResponse, or after MAX_HOLD_MS). */
function keepLeased(
  app: FastifyInstance,
  repository: IdempotencyRepository,
  identity: IdempotencyIdentity,
  leaseFrom: (now?: number) => IdempotencyLease,
): NodeJS.Timeout {
  const startedAt = Date.now();
  const renewal = setInterval(() => {
    if (Date.now() - startedAt > MAX_HOLD_MS) {
      clearInterval(renewal);
      app.log.error({ idempotencyKey: identity.key }, 'a call held its Idempotency-Key too long; no longer renewing its lease');
      return;
    }
    repository.renew(identity, leaseFrom()).then(
      (held) => {
        if (!held) clearInterval(renewal);
      },
      (error: unknown) => app.log.warn({ err: error, idempotencyKey: identity.key }, 'could not renew an Idempotency-Key lease'),
    );
  }, LEASE_RENEW_MS);
  renewal.unref();
  return renewal;
}

function replay(reply: FastifyReply, answer: CallAnswer): FastifyReply {
  reply.code(answer.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (answer.contentType) reply.header('content-type', answer.contentType);
  return reply.send(answer.body);
}

async function purge(app: FastifyInstance): Promise<void> {
  try {
    // One process of a cluster purges per period (db/cluster-lease.ts); the others skip.
    const run = await runOncePerCluster(app, CLUSTER_JOBS.idempotencyPurge, () => app.idempotencyRepository.purgeExpired(), {
      everyMs: PURGE_INTERVAL_MS,
    });
    const removed = run.ran ? run.result : 0;
    if (removed > 0) app.log.info({ removed }, 'purged expired idempotency keys');
  } catch (error) {
    app.log.error({ err: error }, 'could not purge idempotency keys');
  }
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['database'] });
