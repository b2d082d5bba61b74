/**
 * Rate limits of the account calls (the contract says what, not how it is
 * protected). Keys are taken after the body is parsed (`preHandler`), so
 * they can hold who is being signed in: one person's typos do not lock out
 * everyone behind the same address (a mobile carrier's NAT, an office).
 *
 * These limits are per client address, counted in Redis when REDIS_URL is
 * set (shared by every server process, kept across restarts:
 * plugins/redis.ts), else in this process's memory: they only slow a
 * caller down. What bounds guessing and messages is kept in the
 * database, across processes and restarts: wrong sign-in tries per account
 * and per address (account/sign-in-guard.ts), codes sent per recipient and
 * per address (messaging/message-budget.ts), and five wrong tries burn a
 * code (one-time-codes-repository.ts).
 */
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { CallName } from '../../../src/api/calls.ts';

/** Password sign-ins per client address and e-mail (or phone), per window: enough for typos, not for guessing. */
export const LOGIN_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;
/** Code checks per client address and recipient. */
export const CODE_CHECK_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
/** New accounts per client address. */
export const REGISTER_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

type RateLimit = { max: number; timeWindow: string };

function field(request: FastifyRequest, name: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.replace(/[\s().-]/g, '').toLowerCase() : '';
}

/** Keyed by the client address and the named body fields. */
function limit(rate: RateLimit, ...fields: string[]): RouteShorthandOptions['config'] {
  return limitBy(rate, (request) => fields.map((name) => field(request, name)).join('|'));
}

function limitBy(rate: RateLimit, key: (request: FastifyRequest) => string): RouteShorthandOptions['config'] {
  return { rateLimit: { ...rate, hook: 'preHandler', keyGenerator: (request: FastifyRequest) => `${request.ip}|${key(request)}` } };
}

/** The account a password sign-in names, as it resolves it: the e-mail when there is one, else the phone (the other is ignored). */
const signInIdentity = (request: FastifyRequest) => field(request, 'email') || field(request, 'phone');

export const ACCOUNT_ROUTE_CONFIG: Partial<Record<CallName, RouteShorthandOptions['config']>> = {
  login: limitBy(LOGIN_RATE_LIMIT, signInIdentity),
  'delivery/login': limitBy(LOGIN_RATE_LIMIT, signInIdentity),
  'login-with-otp': limit(CODE_CHECK_RATE_LIMIT, 'phone'),
  'verify-otp': limit(CODE_CHECK_RATE_LIMIT, 'phone'),
  'verify-password-reset-otp': limit(CODE_CHECK_RATE_LIMIT, 'email'),
  'change-user-password': limit(CODE_CHECK_RATE_LIMIT, 'email'),
  register: limit(REGISTER_RATE_LIMIT),
  'register-guest-user': limit(REGISTER_RATE_LIMIT),
};

/** change-avatar carries an image: base64 of AVATAR_MAX_BYTES and then some, so a too-large picture still gets IMAGE_TOO_LARGE. */
export const AVATAR_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
