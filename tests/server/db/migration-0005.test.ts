/**
 * Migration 0005 on a database that already has users and sessions (made by
 * 0001–0004): every user gets an empty wallet and no avatar, sessions stay
 * valid and are nobody's agent session, and a phone number shared by two
 * old accounts stays with the oldest one, after which phones are unique.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { testDatabases } from '../../support/databases.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';

describe.each(testDatabases())('migration 0005 on $kind', ({ kind }) => {
  const fresh = useUnmigratedDatabase(kind);

  it('upgrades users and sessions, and makes phone numbers unique', async () => {
    const { db } = fresh;
    await fresh.migrateTo('0004-catalog-versions');
    const users = [
      ['Old One', 'one@example.test', '+15550000001'],
      ['Old Two', 'two@example.test', '+15550000001'],
      ['Old Three', 'three@example.test', null],
      ['Old Four', 'four@example.test', null],
    ] as const;
    for (const [name, email, phone] of users) {
      await sql`insert into users (name, email, phone, password_hash, role, created_at)
        values (${name}, ${email}, ${phone}, '!', 'customer', '2025-01-01T00:00:00.000Z')`.execute(db);
    }
    await sql`insert into auth_tokens (token_hash, user_id, created_at, expires_at)
      values ('hash-1', 1, '2025-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z')`.execute(db);

    await migrateToLatest(db);
    const rows = await db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(rows.map((row) => row.phone)).toEqual(['+15550000001', null, null, null]);
    expect(rows.every((row) => Number(row.wallet_balance) === 0 && row.avatar === null && row.deleted_at === null)).toBe(true);
    const token = await db.selectFrom('auth_tokens').selectAll().executeTakeFirstOrThrow();
    expect(token.acting_user_id).toBeNull();
    await expect(db.updateTable('users').set({ phone: '+15550000001' }).where('id', '=', 3).execute()).rejects.toThrow();
    // A wallet balance never goes below zero, whoever writes.
    await expect(db.updateTable('users').set({ wallet_balance: -1 }).where('id', '=', 1).execute()).rejects.toThrow();
  });
});
