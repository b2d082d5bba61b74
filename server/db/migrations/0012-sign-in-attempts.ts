/**
 * Counters that must hold across restarts and across server processes
 * sharing one PostgreSQL database (issue 13), kept in the database rather
 * than in a process's memory:
 *
 * - `sign_in_attempts`: one row per password or code check of a sign-in,
 *   written before the check runs (so parallel guesses count) and deleted
 *   when it succeeds. `account_key` is the account the call resolved
 *   (`user:<id>`), or the identifier typed when none matched
 *   (`unknown:<e-mail or phone>`), so an unknown account behaves like a known
 *   one; `ip_key` is the caller's address (an IPv6 /64).
 * - `sign_in_locks`: an account whose password and code sign-in is paused,
 *   and until when.
 * - `message_budget`: one row per call that asks the server to send a code
 *   (SMS or e-mail), by recipient and caller address, whatever the outcome.
 *
 * Rows older than the longest window are pruned by the server as it goes
 * (server/accounts/sign-in-guard.ts, server/messaging/message-budget.ts).
 */
import type { AnyDb } from './helpers.ts';
import { idColumn } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await idColumn(db, db.schema.createTable('sign_in_attempts'))
    .addColumn('account_key', 'text', (col) => col.notNull())
    .addColumn('ip_key', 'text', (col) => col.notNull())
    .addColumn('door', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_in_attempts_account_idx').on('sign_in_attempts').columns(['account_key', 'created_at']).execute();
  await db.schema.createIndex('sign_in_attempts_ip_idx').on('sign_in_attempts').columns(['ip_key', 'created_at']).execute();
  await db.schema.createIndex('sign_in_attempts_created_idx').on('sign_in_attempts').column('created_at').execute();

  await db.schema
    .createTable('sign_in_locks')
    .addColumn('account_key', 'text', (col) => col.primaryKey())
    .addColumn('locked_until', 'text', (col) => col.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('message_budget'))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('ip_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('message_budget_recipient_idx').on('message_budget').columns(['recipient', 'created_at']).execute();
  await db.schema.createIndex('message_budget_ip_idx').on('message_budget').columns(['ip_key', 'created_at']).execute();
  await db.schema.createIndex('message_budget_created_idx').on('message_budget').column('created_at').execute();
}
