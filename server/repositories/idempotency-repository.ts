/**
 * Stored Idempotency-Keys (DESIGN §4 point 5). A key is first reserved as
 * in_progress with the hash of the request body, then completed with the
 * response that a repeat replays; a 5xx releases it so a retry runs again.
 */
import type { Kysely } from 'kysely';
import { IDEMPOTENCY_RETENTION_HOURS } from '../../src/api/index.ts';
import type { Database, IdempotencyRow } from '../db/schema.ts';

export interface IdempotencyIdentity {
  scope: string;
  key: string;
}

export interface StoredResponse {
  status: number;
  body: string;
  contentType: string | null;
}

export type Reservation =
  | { outcome: 'reserved' }
  | { outcome: 'existing'; row: IdempotencyRow };

const HOUR_MS = 60 * 60 * 1000;

export function idempotencyCutoff(now: Date = new Date()): string {
  return new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * HOUR_MS).toISOString();
}

export function createIdempotencyRepository(db: Kysely<Database>) {
  const byIdentity = ({ scope, key }: IdempotencyIdentity) =>
    db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('idempotency_key', '=', key);

  return {
    /**
     * Claims the key for this request. The insert is the lock: of two requests
     * racing with one key, exactly one inserts; the other sees the row.
     */
    async reserve(identity: IdempotencyIdentity, requestHash: string): Promise<Reservation> {
      // A row past retention counts as gone, even before the purge removes it.
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', identity.scope)
        .where('idempotency_key', '=', identity.key)
        .where('created_at', '<', idempotencyCutoff())
        .execute();
      // Two rounds: the row we collided with may be released (a 5xx) before we
      // read it, and then the key is free again.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const inserted = await db
          .insertInto('idempotency_keys')
          .values({
            scope: identity.scope,
            idempotency_key: identity.key,
            request_hash: requestHash,
            state: 'in_progress',
            response_status: null,
            response_body: null,
            response_content_type: null,
            created_at: new Date().toISOString(),
          })
          .onConflict((conflict) => conflict.columns(['scope', 'idempotency_key']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { outcome: 'reserved' };
        const row = await byIdentity(identity).executeTakeFirst();
        if (row) return { outcome: 'existing', row };
      }
      throw new Error(`Idempotency-Key ${identity.key} keeps changing hands; giving up`);
    },

    async complete(identity: IdempotencyIdentity, response: StoredResponse): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({
          state: 'completed',
          response_status: response.status,
          response_body: response.body,
          response_content_type: response.contentType,
        })
        .where('scope', '=', identity.scope)
        .where('idempotency_key', '=', identity.key)
        .execute();
    },

    /** Forgets a reservation (after a 5xx) so the next try runs the action. */
    async release(identity: IdempotencyIdentity): Promise<void> {
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', identity.scope)
        .where('idempotency_key', '=', identity.key)
        .execute();
    },

    /** Deletes keys older than the retention; returns how many went. */
    async purgeExpired(now: Date = new Date()): Promise<number> {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', idempotencyCutoff(now))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
