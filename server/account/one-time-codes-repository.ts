/**
 * One-time codes for sign-in, phone checks and password resets: issued per
 * purpose and recipient, the newest one counts, each lives ten minutes,
 * does one action, and burns after five wrong tries. How many a recipient
 * gets, and how many one address may ask for, is the message budget's
 * (messaging/message-budget.ts), spent by the calls that send them.
 */
import type { Kysely } from 'kysely';
import { ONE_TIME_CODE_LIFETIME_SECONDS, ONE_TIME_CODE_MAX_ATTEMPTS } from '../../src/api/account/limits.ts';
import { codeMatches, hashCode, newCode } from './one-time-codes.ts';
import type { Database, OneTimeCodePurpose } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';

export interface CodeCheck {
  purpose: OneTimeCodePurpose;
  recipient: string;
  code: string;
  /**
   * 'verify' checks the code and leaves it usable once more (verify-otp, then
   * register with the same code); 'consume' uses it up.
   */
  mode: 'verify' | 'consume';
}

export function createOneTimeCodesRepository(db: Kysely<Database>) {
  return {
    /** A new code for the recipient (the plain code, to send). */
    async issue(purpose: OneTimeCodePurpose, recipient: string, now: Date = new Date(), trx: Kysely<Database> = db): Promise<{ id: number; code: string }> {
      const code = newCode();
      const { id } = await trx
        .insertInto('one_time_codes')
        .values({
          purpose,
          recipient,
          code_hash: hashCode(code),
          expires_at: new Date(now.getTime() + ONE_TIME_CODE_LIFETIME_SECONDS * 1000).toISOString(),
          verified_at: null,
          consumed_at: null,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(id), code };
    },

    /** Takes back a code that could not be sent, so it neither works nor counts. */
    async withdraw(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('one_time_codes').where('id', '=', id).execute();
    },

    /**
     * Checks the newest code of the recipient. Throws CODE_EXPIRED (none,
     * expired or used up), TOO_MANY_ATTEMPTS (burnt) or CODE_WRONG (one try
     * fewer left); each wrong try counts, atomically, so parallel guesses
     * cannot go past the limit.
     */
    async check({ purpose, recipient, code, mode }: CodeCheck, now: Date = new Date(), trx: Kysely<Database> = db): Promise<void> {
      const row = await trx
        .selectFrom('one_time_codes')
        .selectAll()
        .where('recipient', '=', recipient)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!row || row.consumed_at !== null) throw codeExpired();
      if (Number(row.attempts) >= ONE_TIME_CODE_MAX_ATTEMPTS) throw tooManyAttempts();
      if (row.expires_at <= now.toISOString()) throw codeExpired();
      if (!codeMatches(code, row.code_hash)) {
        const counted = await trx
          .updateTable('one_time_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', row.id)
          .where('attempts', '<', ONE_TIME_CODE_MAX_ATTEMPTS)
          .returning('attempts')
          .executeTakeFirst();
        const left = ONE_TIME_CODE_MAX_ATTEMPTS - Number(counted?.attempts ?? ONE_TIME_CODE_MAX_ATTEMPTS);
        if (left <= 0) throw tooManyAttempts();
        throw new HttpError(400, 'CODE_WRONG', `The code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left.`);
      }
      const at = now.toISOString();
      const used = await trx
        .updateTable('one_time_codes')
        .set(mode === 'consume' ? { consumed_at: at } : { verified_at: at })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      // Another request used it up in between.
      if (Number(used.numUpdatedRows) !== 1) throw codeExpired();
    },

    // Methods go above this line.
  };
}

export function codeExpired(): HttpError {
  return new HttpError(410, 'CODE_EXPIRED', 'This code has expired or was already used. Ask for a new one.');
}

function tooManyAttempts(): HttpError {
  return new HttpError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes: this one no longer works. Ask for a new one.');
}

export type OneTimeCodesRepository = ReturnType<typeof createOneTimeCodesRepository>;
