/**
 * Accounts: profile columns on users, saved addresses, one-time codes, the
 * wallet ledger, in-app alerts, push tokens, the development outbox and the
 * call-centre audit.
 *
 * Deleting an account is a soft delete (users.deleted_at) that erases the
 * personal data at once (name, e-mail, phone, avatar, tax number, password,
 * sessions, push tokens, addresses): orders, the wallet ledger, reviews and
 * the audit keep pointing at a row, so the books still add up and a store's
 * history stays whole, while nothing left names the person.
 */
import { sql } from 'kysely';
import { idColumn, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await addUserColumns(db);
  await db.schema
    .alterTable('auth_tokens')
    // The call-centre agent acting for the customer with this token (login-as-customer).
    .addColumn('acting_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .execute();

  await idColumn(db, db.schema.createTable('addresses'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('latitude', 'double precision', (col) => col.notNull())
    .addColumn('longitude', 'double precision', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('house', 'text')
    .addColumn('tag', 'text')
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();

  await idColumn(db, db.schema.createTable('one_time_codes'))
    .addColumn('purpose', 'text', (col) =>
      col.notNull().check(sql`purpose in ('login', 'verify_phone', 'password_reset')`),
    )
    // A normalised phone number or a lower-case e-mail address.
    .addColumn('recipient', 'text', (col) => col.notNull())
    // salt$sha256: the code itself is never stored.
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    // Checked by verify-otp / verify-password-reset-otp (still usable once more).
    .addColumn('verified_at', 'text')
    // Used up by the action it was for (register, login, password change).
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // The newest code of a recipient, and how many were sent lately.
  await db.schema
    .createIndex('one_time_codes_recipient_idx')
    .on('one_time_codes')
    .columns(['recipient', 'purpose', 'created_at'])
    .execute();

  await idColumn(db, db.schema.createTable('wallet_transactions'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', 'integer', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    // Who made the entry (the user, an agent, an admin); null for the system.
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('wallet_transactions_user_idx').on('wallet_transactions').columns(['user_id', 'id']).execute();

  await idColumn(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    // A JSON object of flat values.
    .addColumn('data', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('is_read', 'integer', (col) => col.notNull().defaultTo(0))
    // The push of this alert: a transactional outbox the push dispatcher drains after commit.
    .addColumn('push_state', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`push_state in ('pending', 'sending', 'sent', 'none', 'failed')`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notifications_push_state_idx').on('notifications').columns(['push_state', 'id']).execute();

  await db.schema
    .createTable('push_tokens')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('push_tokens_user_idx').on('push_tokens').column('user_id').execute();

  await idColumn(db, db.schema.createTable('dev_outbox'))
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('sms', 'email', 'push')`))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('dev_outbox_recipient_idx').on('dev_outbox').columns(['recipient', 'id']).execute();

  await idColumn(db, db.schema.createTable('agent_actions'))
    // No cascade: the audit outlives what it records (users are only soft-deleted).
    .addColumn('agent_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'integer', (col) => col.references('users.id'))
    .addColumn('details', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('agent_actions_agent_idx').on('agent_actions').columns(['agent_id', 'id']).execute();
  await db.schema.createIndex('agent_actions_customer_idx').on('agent_actions').columns(['customer_id', 'id']).execute();
}

async function addUserColumns(db: AnyDb): Promise<void> {
  // One statement per column: SQLite's ALTER TABLE adds one at a time. The
  // only numeric column is the wallet balance, which never goes below zero.
  const columns: [name: string, type: 'text' | 'integer', notNullDefault?: number][] = [
    ['avatar', 'text'],
    ['tax_number', 'text'],
    ['wallet_balance', 'integer', 0],
    ['phone_verified_at', 'text'],
    ['deleted_at', 'text'],
  ];
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable('users')
      .addColumn(name, type, (col) =>
        fallback === undefined ? col : col.notNull().defaultTo(fallback).check(sql`${sql.ref(name)} >= 0`),
      )
      .execute();
  }
  // A phone number names one account. Rows written before this rule that
  // share a number keep it on the oldest account only.
  await sql`update users set phone = null
    where phone is not null and exists (select 1 from users older where older.phone = users.phone and older.id < users.id)`.execute(db);
  await db.schema.createIndex('users_phone_unique').on('users').column('phone').unique().execute();
}
