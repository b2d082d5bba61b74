/**
 * How many sign-in guesses anyone gets (issue 13). Every door that checks a
 * secret to sign someone in (login with a password or a code, delivery/login,
 * login-with-otp; the console signs in through login) goes through
 * `attempt`, which counts in the database, so the counts hold across restarts
 * and across server processes sharing one PostgreSQL database:
 *
 * - Per account: the account the call resolves, whichever field named it
 *   (e-mail or phone; `user:<id>`), or what was typed when no account matched
 *   (`unknown:<e-mail or phone>`), so an unknown account answers exactly as a
 *   known one does. ACCOUNT_FAILURES wrong passwords or codes within
 *   ACCOUNT_WINDOW lock the account's sign-in (every door, password and code)
 *   for LOCK_DURATION: 429 ACCOUNT_LOCKED, saying in words until when, with a
 *   Retry-After header. A right password while locked is refused like any
 *   other try. A successful sign-in, or a password reset with the e-mailed
 *   code, clears the account's count and lock.
 * - Per caller address (an IPv6 /64): IP_FAILURES failed sign-ins within
 *   IP_WINDOW, across every account, refuse sign-in from there until the
 *   window has room again (429 RATE_LIMITED).
 *
 * An attempt is written before the secret is checked and deleted when it
 * succeeds, so parallel guesses count too: the k-th attempt written sees at
 * least k attempts, and only the first ACCOUNT_FAILURES of them run.
 *
 * At full speed this allows at most 20 guesses per account per hour (5, then
 * 15 minutes locked, again and again), and 200 per address per hour.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.ts';

export const SIGN_IN_LIMITS = {
  /** Wrong passwords or codes per account within ACCOUNT_WINDOW_MS that lock it. */
  accountFailures: 5,
  accountWindowMs: 15 * 60 * 1000,
  /** How long a locked account stays locked. */
  lockMs: 15 * 60 * 1000,
  /** Failed sign-ins per caller address within IP_WINDOW_MS, whatever the account. */
  ipFailures: 50,
  ipWindowMs: 15 * 60 * 1000,
} as const;

/** Rows older than this matter to no window. */
const RETENTION_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 1000;

export type SignInDoor = 'login' | 'delivery/login' | 'login-with-otp';

export interface SignInWho {
  /** accountKey() of the account the call resolved. */
  account: string;
  /** The caller's address (request.ip). */
  ip: string | undefined;
  door: SignInDoor;
}

/**
 * Thrown by an attempt's check for a wrong guess (wrong password, wrong or
 * missing code, an account that may not use this door): counted, and
 * `answer` is what the caller gets.
 */
export class SignInFailure extends Error {
  constructor(readonly answer: HttpError) {
    super(answer.message);
    this.name = 'SignInFailure';
  }
}

/** A 429 that says when to come back; the accounts plugin sends it as Retry-After too. */
export class RetryLaterError extends HttpError {
  constructor(
    code: 'ACCOUNT_LOCKED' | 'RATE_LIMITED',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message);
  }
}

/** `user:<id>` for an account, `unknown:<identifier>` when none matched the identifier typed. */
export function accountKey(user: { id: number | bigint | string } | undefined, identifier: string): string {
  return user ? `user:${String(user.id)}` : `unknown:${identifier}`;
}

/**
 * The part of a caller's address that is theirs: IPv4 as is (also when
 * mapped into IPv6), IPv6 by its /64, which one subscriber usually holds whole.
 */
export function ipKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** "in 15 minutes (at 03:27 UTC)" */
export function whenInWords(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} (at ${until.toISOString().slice(11, 16)} UTC)`;
}

function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

export function accountLocked(until: Date, now: Date): RetryLaterError {
  return new RetryLaterError(
    'ACCOUNT_LOCKED',
    `Too many wrong tries for this account: signing in to it is paused. It unlocks ${whenInWords(until, now)}; or reset the password to get in now.`,
    secondsUntil(until, now),
  );
}

function addressLimited(until: Date, now: Date): RetryLaterError {
  return new RetryLaterError(
    'RATE_LIMITED',
    `Too many failed sign-ins from this network. Try again ${whenInWords(until, now)}.`,
    secondsUntil(until, now),
  );
}

export function createSignInGuard(app: FastifyInstance, clock: () => Date = () => new Date()) {
  const attempts = app.signInRepository;
  let prunedAt = 0;

  async function prune(now: Date): Promise<void> {
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    await attempts.pruneAttempts(iso(now.getTime() - RETENTION_MS));
    await attempts.pruneLocks(now.toISOString());
  }

  async function lockOf(account: string, now: Date): Promise<Date | undefined> {
    const lockedUntil = await attempts.lockedUntil(account, now.toISOString());
    return lockedUntil !== undefined ? new Date(lockedUntil) : undefined;
  }

  async function times(column: 'account_key' | 'ip_key', key: string, since: number): Promise<string[]> {
    return attempts.attemptTimes(column, key, iso(since));
  }

  async function lock(account: string, until: Date): Promise<void> {
    await attempts.lock(account, until.toISOString());
  }

  /** Forgets an account's failed tries and lock: it signed in, or its password was reset with the e-mailed code. */
  async function clear(account: string): Promise<void> {
    await attempts.clear(account);
  }

  return {
    clear,

    /**
     * Runs one sign-in check for `who`: refused at once while the account is
     * locked or the address is over its allowance; otherwise `check` runs.
     * It returns on success (the account's count and lock are cleared),
     * throws SignInFailure for a wrong guess (counted; its answer is thrown),
     * and anything else it throws is not a guess (not counted) and passes through.
     */
    async attempt<T>(who: SignInWho, check: () => Promise<T>): Promise<T> {
      const now = clock();
      const ip = ipKey(who.ip);
      await prune(now);
      const lockedUntil = await lockOf(who.account, now);
      if (lockedUntil) throw accountLocked(lockedUntil, now);

      const id = await attempts.addAttempt({ account_key: who.account, ip_key: ip, door: who.door, created_at: now.toISOString() });
      const forget = () => attempts.forgetAttempt(id);

      const [byAccount, byIp] = await Promise.all([
        times('account_key', who.account, now.getTime() - SIGN_IN_LIMITS.accountWindowMs),
        times('ip_key', ip, now.getTime() - SIGN_IN_LIMITS.ipWindowMs),
      ]);
      if (byIp.length > SIGN_IN_LIMITS.ipFailures) {
        await forget();
        // Room again once the oldest attempts that fill the allowance leave the window.
        const oldest = byIp[byIp.length - 1 - SIGN_IN_LIMITS.ipFailures] ?? now.toISOString();
        throw addressLimited(new Date(Date.parse(oldest) + SIGN_IN_LIMITS.ipWindowMs), now);
      }
      if (byAccount.length > SIGN_IN_LIMITS.accountFailures) {
        await forget();
        // Others' tries in flight fill the allowance: the last of them locks the account, or its owner got in.
        throw accountLocked((await lockOf(who.account, now)) ?? new Date(now.getTime() + SIGN_IN_LIMITS.lockMs), now);
      }

      let result: T;
      try {
        result = await check();
      } catch (error) {
        if (!(error instanceof SignInFailure)) {
          await forget();
          throw error;
        }
        const failures = await times('account_key', who.account, now.getTime() - SIGN_IN_LIMITS.accountWindowMs);
        if (failures.length >= SIGN_IN_LIMITS.accountFailures) await lock(who.account, new Date(now.getTime() + SIGN_IN_LIMITS.lockMs));
        throw error.answer;
      }
      await clear(who.account);
      return result;
    },

    /** Until when the account is locked, if it is. */
    lockedUntil(account: string): Promise<Date | undefined> {
      return lockOf(account, clock());
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;

function iso(time: number): string {
  return new Date(time).toISOString();
}

/** Sends a RetryLaterError's Retry-After header with the error's answer. */
export function addRetryAfterHeader(app: FastifyInstance): void {
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
}
