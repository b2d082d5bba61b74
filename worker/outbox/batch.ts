/**
 * A run of the driver's queued steps sent as one driver-actions request once
 * the network is known to work (the row before it just went through). The
 * server runs each step as its own call with its own Idempotency-Key, so the
 * answers are exactly those single requests would have had; only the round
 * trips are saved, which is what a line of a few hundred steps waits on when
 * the network returns. Sent without the outbox headers: the service worker
 * lets it pass, and a batch that cannot get through leaves its rows pending
 * for the next pass, whose first row goes out alone (and may be queued).
 */
import { DRIVER_ACTIONS_BATCH_MAX, DRIVER_BATCH_CALLS, type DriverBatchCall } from '../../src/api/driver/limits.ts';
import type { DriverActionResults } from '../../src/api/driver/entities.ts';
import { API_PREFIX } from '../../src/api/paths.ts';
import { replayVerdict, type OutboxEntry } from '../../src/api/outbox.ts';
import type { DrainDeps } from './drain-deps.ts';
import { rejectionWords, settleEntry, stillInLine } from './row-status.ts';

export const DRIVER_ACTIONS_CALL = 'driver-actions';

export function isBatchable(row: OutboxEntry): boolean {
  return row.kind === 'driver-action' && row.status !== 'queued' && (DRIVER_BATCH_CALLS as readonly string[]).includes(row.call);
}

/** The rows from `start` that can go in one batch: consecutive, batchable, at most DRIVER_ACTIONS_BATCH_MAX. */
export function batchFrom(line: readonly OutboxEntry[], start: number, last: number): OutboxEntry[] {
  const rows: OutboxEntry[] = [];
  for (let index = start; index <= last && rows.length < DRIVER_ACTIONS_BATCH_MAX; index += 1) {
    const row = line[index] as OutboxEntry;
    if (!isBatchable(row)) break;
    rows.push(row);
  }
  return rows;
}

function tokenOf(row: OutboxEntry | undefined): string | undefined {
  const token = (row?.body as { token?: unknown } | null | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
}

export interface BatchOutcome {
  /** Rows the server answered (applied or rejected), in line order. */
  applied: number;
  rejected: number;
  /** Rows settled in all; the line goes on after them. */
  settled: number;
  /** The batch could not be sent, or a step must be tried again later: the line stops here. */
  stopped: boolean;
}

export async function sendBatch(deps: DrainDeps, candidates: readonly OutboxEntry[]): Promise<BatchOutcome | null> {
  const { db, effects } = deps;
  const rows: OutboxEntry[] = [];
  const token = tokenOf(candidates[0]);
  for (const candidate of candidates) {
    // One batch, one driver session: a step queued under another token waits for the next batch.
    if (tokenOf(candidate) !== token) break;
    // Settled meanwhile by a service-worker broadcast: the run ends there, the next pass picks up.
    const row = await stillInLine(db, candidate.id);
    if (!row) break;
    rows.push(row);
  }
  if (rows.length < 2) return null;
  const outcome = await deps.send({
    method: 'POST',
    path: `${API_PREFIX}/${DRIVER_ACTIONS_CALL}`,
    // The steps carry the driver's token in their bodies (they outlive a sign-out); the batch is sent under the first one's.
    body: { token: tokenOf(rows[0]), actions: rows.map((row) => ({ key: row.id, call: row.call as DriverBatchCall, body: row.body })) },
    headers: {},
  });
  if (outcome.kind !== 'answer' || outcome.status !== 200) return { applied: 0, rejected: 0, settled: 0, stopped: outcome.kind !== 'answer' };
  const results = (outcome.body as Partial<DriverActionResults> | null)?.results;
  if (!Array.isArray(results)) return { applied: 0, rejected: 0, settled: 0, stopped: false };

  const tally: BatchOutcome = { applied: 0, rejected: 0, settled: 0, stopped: results.length < rows.length };
  const tables = [db.outbox, ...effects.tablesFor(db, rows.map((row) => row.call))];
  // One transaction for the whole batch's answers: the screens re-read once, not once per step.
  await db.transaction('rw', tables, async () => {
    for (const [index, result] of results.entries()) {
      const row = rows[index];
      if (!row || result.key !== row.id) {
        tally.stopped = true;
        return;
      }
      const response = { status: result.status, body: result.body };
      const verdict = replayVerdict(result.status, result.body);
      if (verdict === 'retry') {
        tally.stopped = true;
        return;
      }
      const patch = verdict === 'applied' ? { response, lastError: undefined } : { response, lastError: rejectionWords(result.status, result.body) };
      if (await settleEntry(db, effects, row.id, verdict, patch, deps.now(), row.call)) {
        tally.settled += 1;
        if (verdict === 'applied') tally.applied += 1;
        else tally.rejected += 1;
      }
    }
  });
  return tally;
}
