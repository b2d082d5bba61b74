/**
 * Users and their auth tokens. A token is stored only as its SHA-256 hash.
 * Deleted accounts (deleted_at) are invisible here: they sign in with
 * nothing and are found by nothing.
 */
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Account } from '../../src/api/account/entities.ts';
import type { Database, NewUser, UserRole, UserRow, UsersTable } from '../db/tables.ts';
import { uniqueViolationOf } from '../db/unique-violation.ts';
import { HttpError } from '../http/http-error.ts';

export type SessionUser = Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'is_banned'> & {
  /** The call-centre agent acting for this user with the token, else null. */
  acting_user_id: number | null;
};

/** A deleted account keeps this name; its e-mail becomes deleted-<id>@deleted.invalid. */
export const DELETED_USER_NAME = 'Deleted user';

export function toAccount(row: UserRow): Account {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    phone_verified: row.phone_verified_at !== null,
    role: row.role,
    avatar: row.avatar,
    tax_number: row.tax_number,
    wallet_balance: Number(row.wallet_balance),
    loyalty_points: Number(row.loyalty_points ?? 0),
    created_at: row.created_at,
  };
}

export function createUsersRepository(db: Kysely<Database>) {
  const active = (trx: Kysely<Database> = db) => trx.selectFrom('users').selectAll().where('deleted_at', 'is', null);

  return {
    async findByEmail(email: string, trx: Kysely<Database> = db): Promise<UserRow | undefined> {
      return active(trx).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    },

    /** By a phone number in normalised form (see normalisePhone). */
    async findByPhone(phone: string, trx: Kysely<Database> = db): Promise<UserRow | undefined> {
      return active(trx).where('phone', '=', phone).executeTakeFirst();
    },

    async findById(id: number, trx: Kysely<Database> = db): Promise<UserRow | undefined> {
      return active(trx).where('id', '=', id).executeTakeFirst();
    },

    async accountOf(id: number): Promise<Account | undefined> {
      const row = await active().where('id', '=', id).executeTakeFirst();
      return row ? toAccount(row) : undefined;
    },

    /** Inserts a user; a taken e-mail or phone (also by a racing request) is a 409 with its own code. */
    async create(user: NewUser, trx: Kysely<Database> = db): Promise<number> {
      try {
        const { id } = await trx.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
        return Number(id);
      } catch (error) {
        const violated = uniqueViolationOf(error);
        if (violated?.includes('phone')) throw phoneTaken();
        if (violated?.includes('email')) throw emailTaken();
        throw error;
      }
    },

    async saveToken(userId: number, tokenHash: string, expiresAt: Date, actingUserId: number | null = null, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto('auth_tokens')
        .values({
          token_hash: tokenHash,
          user_id: userId,
          created_at: new Date().toISOString(),
          expires_at: expiresAt.toISOString(),
          acting_user_id: actingUserId,
        })
        .execute();
    },

    /** Logout: this one session ends; the user's other devices stay signed in. */
    async revokeToken(tokenHash: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('auth_tokens').where('token_hash', '=', tokenHash).execute();
    },

    /**
     * The user a token hash belongs to, when the token has not expired and
     * the account exists. A token an agent holds for a customer dies with
     * the agent's own access (banned or deleted agent).
     */
    async userByTokenHash(tokenHash: string, now: Date = new Date(), trx: Kysely<Database> = db): Promise<SessionUser | undefined> {
      const row = await trx
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .leftJoin('users as agent', 'agent.id', 't.acting_user_id')
        .select(['u.id', 'u.name', 'u.email', 'u.phone', 'u.role', 'u.is_banned', 't.acting_user_id'])
        .select(['agent.is_banned as agent_banned', 'agent.deleted_at as agent_deleted_at'])
        .where('t.token_hash', '=', tokenHash)
        .where('t.expires_at', '>', now.toISOString())
        .where('u.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const { agent_banned, agent_deleted_at, ...user } = row;
      if (user.acting_user_id !== null && (Number(agent_banned) === 1 || agent_deleted_at !== null)) return undefined;
      return { ...user, id: Number(user.id), acting_user_id: user.acting_user_id === null ? null : Number(user.acting_user_id) };
    },

    /** Sets a new password hash and ends every session of the user. */
    async setPasswordAndRevokeSessions(userId: number, passwordHash: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
        await trx.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
      });
    },

    async markPhoneVerified(userId: number, now: Date = new Date(), trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({ phone_verified_at: now.toISOString() })
        .where('id', '=', userId)
        .where('phone_verified_at', 'is', null)
        .execute();
    },

    /**
     * Changes the name, e-mail or phone (each only when given); a new phone is
     * saved verified (its code was checked). Another account holding the
     * e-mail or phone (also by a racing request) is EMAIL_TAKEN or PHONE_TAKEN.
     */
    async changeDetails(userId: number, details: { name?: string; email?: string; phone?: string }, now: Date = new Date(), trx: Kysely<Database> = db): Promise<void> {
      const values = {
        ...(details.name !== undefined ? { name: details.name } : {}),
        ...(details.email !== undefined ? { email: details.email } : {}),
        ...(details.phone !== undefined ? { phone: details.phone, phone_verified_at: now.toISOString() } : {}),
      };
      if (Object.keys(values).length === 0) return;
      try {
        await trx.updateTable('users').set(values).where('id', '=', userId).execute();
      } catch (error) {
        const violated = uniqueViolationOf(error);
        if (violated?.includes('phone')) throw phoneTaken();
        if (violated?.includes('email')) throw emailTaken();
        throw error;
      }
    },

    /** Answers the avatar it replaced, so the caller can remove the old file. */
    async setAvatar(userId: number, avatar: string): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst();
        await trx.updateTable('users').set({ avatar }).where('id', '=', userId).execute();
        return before?.avatar ?? null;
      });
    },

    async setTaxNumber(userId: number, taxNumber: string | null, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('users').set({ tax_number: taxNumber }).where('id', '=', userId).execute();
    },

    /**
     * Deletes an account (migration 0005 says why softly): erases the
     * personal data, ends every session, forgets push tokens, addresses,
     * alerts and pending codes. Answers the avatar to remove from disk.
     */
    async softDelete(userId: number, now: Date = new Date()): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('users')
          .select(['avatar', 'email', 'phone'])
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('users')
          .set({
            name: DELETED_USER_NAME,
            email: `deleted-${userId}@deleted.invalid`,
            phone: null,
            // Not a scrypt string: verifyPassword never matches it.
            password_hash: '!',
            avatar: null,
            tax_number: null,
            phone_verified_at: null,
            deleted_at: now.toISOString(),
          })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
        await trx.deleteFrom('push_tokens').where('user_id', '=', userId).execute();
        await trx.deleteFrom('addresses').where('user_id', '=', userId).execute();
        await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
        const recipients = [before.email, before.phone].filter((value): value is string => value !== null);
        await trx.deleteFrom('one_time_codes').where('recipient', 'in', recipients).execute();
        return before.avatar;
      });
    },

    /** A user's name (an order's driver, for the customer's alert and views). */
    async nameOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst();
    },

    /** A user's name and phone (an order's driver, for tracking). */
    async nameAndPhoneOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('users').select(['name', 'phone']).where('id', '=', id).executeTakeFirst();
    },

    /** Drivers with their last known position, for order views. */
    async driversWithPositions(ids: readonly number[], trx: Kysely<Database> = db) {
      return trx
        .selectFrom('users as u')
        .leftJoin('driver_locations as l', 'l.user_id', 'u.id')
        .select(['u.id', 'u.name', 'u.phone', 'l.latitude', 'l.longitude', 'l.recorded_at'])
        .where('u.id', 'in', ids)
        .execute();
    },

    /** Names and phones of several users (an order's customer, for the console). */
    async contactsOf(ids: readonly number[], trx: Kysely<Database> = db) {
      return trx.selectFrom('users').select(['id', 'name', 'phone']).where('id', 'in', ids).execute();
    },

    /**
     * The customer's wallet and points, with their row locked until the transaction ends: an UPDATE
     * that changes nothing takes the row lock on PostgreSQL (SELECT … FOR UPDATE is not SQLite).
     */
    async lockBalancesOf(userId: number, trx: Kysely<Database> = db) {
      return trx
        .updateTable('users')
        .set((eb) => ({ wallet_balance: eb.ref('wallet_balance') }))
        .where('id', '=', userId)
        .returning(['wallet_balance', 'loyalty_points'])
        .executeTakeFirst();
    },

    /** The customer's wallet and points as they are now. */
    async balancesOf(userId: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('users').select(['wallet_balance', 'loyalty_points']).where('id', '=', userId).executeTakeFirst();
    },

    /** A user's role and ban, to check they can be given an order to deliver. */
    async roleAndBanOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('users').select(['role', 'is_banned']).where('id', '=', id).executeTakeFirst();
    },

    /** The customer a payment gateway is told of. */
    async paymentCustomerOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('users').select(['id', 'name', 'email', 'phone']).where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** The role of the user with this id, unless the account is deleted (or there is none). */
    async roleOfLiveUser(id: number, trx: Kysely<Database> = db): Promise<{ role: UserRow['role'] } | undefined> {
      return trx.selectFrom('users').select('role').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    },

    /** Who the driver is and their wallet balance (the driver's profile). */
    async cardOf(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('users').select(['id', 'name', 'email', 'phone', 'wallet_balance']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * Customers (never staff, never deleted) whose phone contains `pattern`
     * (a LIKE pattern with `\` escaping), or whose name or e-mail does, in
     * lower case; by name, at most `limit`, each with their address count.
     */
    async customersMatching(byPhone: boolean, pattern: string, limit: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('users as u')
        .select(['u.id', 'u.name', 'u.phone', 'u.email'])
        .select((eb) => eb.selectFrom('addresses as a').select(eb.fn.countAll<number>().as('n')).whereRef('a.user_id', '=', 'u.id').as('address_count'))
        .where('u.role', '=', 'customer')
        .where('u.deleted_at', 'is', null)
        .where((eb) =>
          byPhone
            ? eb('u.phone', 'like', sql<string>`${pattern} escape '\\'`)
            : eb.or([
                eb(sql`lower(u.name)`, 'like', sql<string>`${pattern} escape '\\'`),
                eb(sql`lower(u.email)`, 'like', sql<string>`${pattern} escape '\\'`),
              ]),
        )
        .orderBy('u.name')
        .orderBy('u.id')
        .limit(limit)
        .execute();
    },

    /**
     * A page of the console's people list, newest first: by role, ban, below
     * the id `before`, and matching `search` (LIKE patterns with `\` escaping:
     * `text` on the lower-case name or e-mail, `phone` on the phone), at most `limit`.
     */
    async consolePage(
      filter: {
        role?: UserRole | undefined;
        banned?: boolean | undefined;
        before?: number | undefined;
        search?: { text: string; phone: string } | undefined;
      },
      limit: number,
      trx: Kysely<Database> = db,
    ): Promise<UserRow[]> {
      let select = trx.selectFrom('users').selectAll().where('deleted_at', 'is', null);
      if (filter.role !== undefined) select = select.where('role', '=', filter.role);
      if (filter.banned !== undefined) select = select.where('is_banned', '=', filter.banned ? 1 : 0);
      if (filter.before !== undefined) select = select.where('id', '<', filter.before);
      const search = filter.search;
      if (search !== undefined) {
        select = select.where((eb) =>
          eb.or([
            eb(sql`lower(name)`, 'like', sql`${search.text} escape '\\'`),
            eb(sql`lower(email)`, 'like', sql`${search.text} escape '\\'`),
            eb(sql`coalesce(phone, '')`, 'like', sql`${search.phone} escape '\\'`),
          ]),
        );
      }
      return select.orderBy('id', 'desc').limit(limit).execute();
    },

    /** Changes these columns of the user (an administrator's edit). */
    async setFields(id: number, values: Updateable<UsersTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('users').set(values).where('id', '=', id).execute();
    },

    /** Ends every session of the user. */
    async revokeSessionsOf(userId: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
    },

    /** Bans the user, or lifts the ban. */
    async setBanned(id: number, banned: boolean, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('users').set({ is_banned: banned ? 1 : 0 }).where('id', '=', id).execute();
    },

    /** Whether any profile picture is this address. */
    async usesImage(url: string, trx: Kysely<Database> = db): Promise<boolean> {
      const row = await trx.selectFrom('users').select('avatar').where('avatar', '=', url).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    // Methods go above this line.
  };
}

export function emailTaken(): HttpError {
  return new HttpError(409, 'EMAIL_TAKEN', 'An account with this e-mail already exists.');
}

export function phoneTaken(): HttpError {
  return new HttpError(409, 'PHONE_TAKEN', 'An account with this phone number already exists.');
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
