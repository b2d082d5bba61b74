/**
 * Periodic work once per cluster (issue 17): several server processes on one
 * PostgreSQL each run the same timers; a job runs only in the process that
 * takes its advisory lock (a session lock on one pooled connection, held for
 * the run and released after), the others skip that turn. A job given its
 * period (`everyMs`) also records when it ran (cluster_job_runs, written
 * under the lock): a process whose timer fires later in the same period
 * finds it done and skips, so of N processes started at N different moments
 * it still runs about once per period, not N times. On SQLite there is one
 * machine: the job just runs. Every job stays safe to run twice anyway (a
 * run that starts after another finished simply finds nothing left to do).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { dialectOf } from './connect.ts';

/** One advisory-lock key per job, fixed forever (two versions of the app running side by side must agree). */
export const CLUSTER_JOBS = {
  idempotencyPurge: 17_001,
  orphanUploadCleanup: 17_002,
} as const;

export type ClusterJobResult<T> = { ran: true; result: T } | { ran: false };

/** A run this much of a period after the last one counts as the next period's: timers drift, and a turn must not be lost to a few ms. */
export const DUE_SHARE_OF_PERIOD = 0.9;

export interface ClusterJobOptions {
  /** The job's period: skip when another process ran it less than DUE_SHARE_OF_PERIOD of it ago. */
  everyMs?: number;
  /** The time the period counts by; default the wall clock. */
  now?: () => Date;
}

export async function runOncePerCluster<T>(
  app: FastifyInstance,
  jobId: number,
  run: () => Promise<T>,
  options: ClusterJobOptions = {},
): Promise<ClusterJobResult<T>> {
  const jobs = app.clusterJobsRepository;
  if (dialectOf(app.db as unknown as Kysely<unknown>) !== 'postgres') return { ran: true, result: await run() };
  return app.db.connection().execute(async (connection) => {
    if (!(await jobs.tryLock(jobId, connection))) return { ran: false };
    try {
      const now = options.now?.() ?? new Date();
      if (options.everyMs !== undefined) {
        const last = await jobs.lastRunOf(jobId, connection);
        if (last && now.getTime() - Date.parse(last.last_run_at) < options.everyMs * DUE_SHARE_OF_PERIOD) return { ran: false };
      }
      const result = await run();
      if (options.everyMs !== undefined) {
        await jobs.recordRun(jobId, now.toISOString(), connection);
      }
      return { ran: true, result };
    } finally {
      await jobs.unlock(jobId, connection);
    }
  });
}
