/** Users and their auth tokens. A token is stored only as its SHA-256 hash. */
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';

export type SessionUser = Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'is_banned'>;

export function createUsersRepository(db: Kysely<Database>) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    },

    async saveToken(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db
        .insertInto('auth_tokens')
        .values({ token_hash: tokenHash, user_id: userId, created_at: new Date().toISOString(), expires_at: expiresAt.toISOString() })
        .execute();
    },

    /** The user a token hash belongs to, when the token has not expired. */
    async userByTokenHash(tokenHash: string, now: Date = new Date()): Promise<SessionUser | undefined> {
      const row = await db
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['u.id', 'u.name', 'u.email', 'u.phone', 'u.role', 'u.is_banned'])
        .where('t.token_hash', '=', tokenHash)
        .where('t.expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row ? { ...row, id: Number(row.id) } : undefined;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
