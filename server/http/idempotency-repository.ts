/**
 * Stored Idempotency-Keys (DESIGN §4 point 5, §7). A key is first reserved as
 * in_progress with the hash of the request body and a lease (the process
 * that runs the call, until when), then completed with the response that a
 * repeat replays; a 5xx releases it so a retry runs again.
 *
 * Every write after the reservation is fenced by the lease owner: a process
 * whose lease lapsed (it died, or stalled past the lease while another took
 * the key over) completes, renews or releases nothing. Calls that write in a
 * transaction store their answer inside it (completeWithin), so an answer
 * and the writes it reports commit together or not at all; a key whose
 * owner died before that commit has nothing committed and runs again, once,
 * when a retry takes it over after the lease.
 */
import type { Kysely } from 'kysely';
import { IDEMPOTENCY_RETENTION_HOURS } from '../../src/api/constants.ts';
import type { Database, IdempotencyRow } from '../db/tables.ts';

export interface IdempotencyIdentity {
  scope: string;
  key: string;
}

/** Who holds a reservation, and until when (ISO). */
export interface IdempotencyLease {
  owner: string;
  until: string;
}

export interface StoredResponse {
  status: number;
  body: string;
  contentType: string | null;
}

export type Reservation =
  /** This request holds the key; takenOver when a lapsed reservation of a dead process was taken. */
  | { outcome: 'reserved'; takenOver: boolean }
  | { outcome: 'existing'; row: IdempotencyRow };

const HOUR_MS = 60 * 60 * 1000;

export function idempotencyCutoff(now: Date = new Date()): string {
  return new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * HOUR_MS).toISOString();
}

/** An in_progress row nobody holds any more: its lease lapsed, or it predates leases (0013). */
export function leaseLapsed(row: Pick<IdempotencyRow, 'state' | 'lease_until'>, now: Date = new Date()): boolean {
  return row.state === 'in_progress' && (row.lease_until === null || row.lease_until < now.toISOString());
}

export function createIdempotencyRepository(db: Kysely<Database>) {
  const byIdentity = ({ scope, key }: IdempotencyIdentity) =>
    db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('idempotency_key', '=', key);

  return {
    /**
     * Claims the key for this request. The insert is the lock: of two requests
     * racing with one key, exactly one inserts; the other sees the row. A row
     * whose lease lapsed is taken over by a conditional update, which of two
     * racing retries again only one wins. sameRequest says whether a stored
     * request hash is this request's (only then may it take the key over).
     */
    async reserve(
      identity: IdempotencyIdentity,
      requestHash: string,
      lease: IdempotencyLease,
      sameRequest: (storedHash: string) => boolean = (storedHash) => storedHash === requestHash,
    ): Promise<Reservation> {
      // A row past retention counts as gone, even before the purge removes it.
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', identity.scope)
        .where('idempotency_key', '=', identity.key)
        .where('created_at', '<', idempotencyCutoff())
        .execute();
      // A few rounds: the row we collided with may be released (a 5xx) or taken
      // over by another retry before we act on it.
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const now = new Date();
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
            created_at: now.toISOString(),
            lease_owner: lease.owner,
            lease_until: lease.until,
          })
          .onConflict((conflict) => conflict.columns(['scope', 'idempotency_key']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { outcome: 'reserved', takenOver: false };
        const row = await byIdentity(identity).executeTakeFirst();
        if (!row) continue;
        if (!leaseLapsed(row, now) || !sameRequest(row.request_hash)) return { outcome: 'existing', row };
        // The process that held it is gone: whatever it wrote in a transaction with its answer did not
        // commit (the answer would be here), so running the call now runs it once.
        let takeover = db
          .updateTable('idempotency_keys')
          .set({ lease_owner: lease.owner, lease_until: lease.until, request_hash: requestHash })
          .where('scope', '=', identity.scope)
          .where('idempotency_key', '=', identity.key)
          .where('state', '=', 'in_progress');
        takeover =
          row.lease_until === null
            ? takeover.where('lease_until', 'is', null)
            : takeover.where('lease_until', '=', row.lease_until).where('lease_until', '<', now.toISOString());
        const taken = await takeover.executeTakeFirst();
        if (Number(taken.numUpdatedRows) > 0) return { outcome: 'reserved', takenOver: true };
      }
      throw new Error(`Idempotency-Key ${identity.key} keeps changing hands; giving up`);
    },

    /** Extends the lease while the call runs; false when this owner no longer holds the key. */
    async renew(identity: IdempotencyIdentity, lease: IdempotencyLease, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable('idempotency_keys')
        .set({ lease_until: lease.until })
        .where('scope', '=', identity.scope)
        .where('idempotency_key', '=', identity.key)
        .where('state', '=', 'in_progress')
        .where('lease_owner', '=', lease.owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Stores the answer, if this owner still holds the key; false otherwise
     * (its answer was already stored in the call's transaction, or another
     * process took the key over). Give the call's transaction as `within` to
     * commit the answer with the writes it reports.
     */
    async complete(
      identity: IdempotencyIdentity,
      owner: string,
      response: StoredResponse,
      within: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await within
        .updateTable('idempotency_keys')
        .set({
          state: 'completed',
          response_status: response.status,
          response_body: response.body,
          response_content_type: response.contentType,
          lease_owner: null,
          lease_until: null,
        })
        .where('scope', '=', identity.scope)
        .where('idempotency_key', '=', identity.key)
        .where('state', '=', 'in_progress')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Forgets a reservation this owner still holds (after a 5xx) so the next try runs the action. */
    async release(identity: IdempotencyIdentity, owner: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .deleteFrom('idempotency_keys')
        .where('scope', '=', identity.scope)
        .where('idempotency_key', '=', identity.key)
        .where('state', '=', 'in_progress')
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** Deletes keys older than the retention; returns how many went. */
    async purgeExpired(now: Date = new Date(), trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', idempotencyCutoff(now))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
