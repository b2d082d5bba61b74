/**
 * Rate limits of the account calls (the contract says what, not how it is
 * protected). Keys are taken after the body is parsed (`preHandler`), so
 * they can hold who is being signed in: one person's typos do not lock out
 * everyone behind the same address (a mobile carrier's NAT, an office).
 *
 * These limits are per server process and per client address. Codes have
 * their own limits in the database, whoever asks from wherever: five wrong
 * tries burn a code, and a recipient gets at most CODES_PER_WINDOW codes per
 * window (one-time-codes-repository.ts).
 */
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { CallName } from '../../../src/api/index.ts';

/** Password sign-ins per client address and e-mail (or phone), per window: enough for typos, not for guessing. */
export const LOGIN_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;
/** Code checks per client address and recipient. */
export const CODE_CHECK_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
/** Calls that send a text or an e-mail, per client address (any recipient): no spraying numbers from one place. */
export const CODE_SEND_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;
/** New accounts per client address. */
export const REGISTER_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

type RateLimit = { max: number; timeWindow: string };

function field(request: FastifyRequest, name: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.replace(/[\s().-]/g, '').toLowerCase() : '';
}

/** Keyed by the client address and the named body fields. */
function limit(rate: RateLimit, ...fields: string[]): RouteShorthandOptions['config'] {
  return {
    rateLimit: {
      ...rate,
      hook: 'preHandler',
      keyGenerator: (request: FastifyRequest) => [request.ip, ...fields.map((name) => field(request, name))].join('|'),
    },
  };
}

export const ACCOUNT_ROUTE_CONFIG: Partial<Record<CallName, RouteShorthandOptions['config']>> = {
  login: limit(LOGIN_RATE_LIMIT, 'email', 'phone'),
  'delivery/login': limit(LOGIN_RATE_LIMIT, 'email', 'phone'),
  'login-with-otp': limit(CODE_CHECK_RATE_LIMIT, 'phone'),
  'verify-otp': limit(CODE_CHECK_RATE_LIMIT, 'phone'),
  'verify-password-reset-otp': limit(CODE_CHECK_RATE_LIMIT, 'email'),
  'change-user-password': limit(CODE_CHECK_RATE_LIMIT, 'email'),
  'generate-otp-for-login': limit(CODE_SEND_RATE_LIMIT),
  'send-otp': limit(CODE_SEND_RATE_LIMIT),
  'send-password-reset-mail': limit(CODE_SEND_RATE_LIMIT),
  register: limit(REGISTER_RATE_LIMIT),
  'register-guest-user': limit(REGISTER_RATE_LIMIT),
};

/** change-avatar carries an image: base64 of AVATAR_MAX_BYTES and then some, so a too-large picture still gets IMAGE_TOO_LARGE. */
export const AVATAR_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
