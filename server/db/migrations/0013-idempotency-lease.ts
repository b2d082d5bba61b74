/**
 * Idempotency-Keys that a crash cannot leave stuck, and that belong to the
 * user rather than the session (issue 13).
 *
 * - A reservation carries a lease: `lease_owner` (the server process that
 *   runs the call) and `lease_until` (ISO time; the owner renews it every few
 *   seconds while the call runs). A retry that finds a reservation whose
 *   lease has lapsed takes the key over and runs the call. Rows reserved
 *   before this migration have no lease, so they count as lapsed: keys that
 *   a crash left stuck are freed by the upgrade itself.
 * - Keys of signed-in callers were scoped by the hash of their token
 *   (`token:<sha256> POST /public/api/...`); they are now scoped by user
 *   (`user:<id> ...`, `user:<id>/as:<agent id> ...` for an agent acting for a
 *   customer), so a replay after signing in again finds its answer. Rows
 *   whose session still exists move to their user's scope now, so keys in
 *   flight during the upgrade keep replaying. The rare key whose method and
 *   path two legacy sessions share is left as it was (it would collide); a
 *   row left behind is purged with the rest after the retention.
 */
import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

/** 'token:' and 64 hex digits: where the rest of a legacy scope (' POST /path') starts, 1-based. */
const LEGACY_PREFIX_LENGTH = 'token:'.length + 64;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'text').execute();

  const tokenHashOf = (alias: string) => sql`substr(${sql.ref(`${alias}.scope`)}, 7, 64)`;
  const restOf = (alias: string) => sql`substr(${sql.ref(`${alias}.scope`)}, ${sql.lit(LEGACY_PREFIX_LENGTH + 1)})`;
  await sql`
    update idempotency_keys
    set scope = (
      select 'user:' || cast(t.user_id as text)
        || case when t.acting_user_id is null then '' else '/as:' || cast(t.acting_user_id as text) end
      from auth_tokens t
      where t.token_hash = ${tokenHashOf('idempotency_keys')}
    ) || ${restOf('idempotency_keys')}
    where idempotency_keys.scope like 'token:%'
      and exists (select 1 from auth_tokens t where t.token_hash = ${tokenHashOf('idempotency_keys')})
      and not exists (
        select 1 from idempotency_keys other
        where other.idempotency_key = idempotency_keys.idempotency_key
          and other.scope <> idempotency_keys.scope
          and other.scope like 'token:%'
          and ${restOf('other')} = ${restOf('idempotency_keys')}
      )
  `.execute(db);
}
