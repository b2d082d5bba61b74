/**
 * Which process runs a cluster-wide job, and until when: every line of SQL on cluster_job_runs. Each method runs on the
 * transaction it is given (`trx`), or on its own when it is given none.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './tables.ts';

export function createClusterJobsRepository(db: Kysely<Database>) {
  return {
    /** Takes the job's advisory lock on this connection if no other session holds it (PostgreSQL); answers whether it did. */
    async tryLock(jobId: number, trx: Kysely<Database> = db): Promise<boolean> {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${jobId}) as locked`.execute(trx);
      return Boolean(rows[0]?.locked);
    },

    /** Releases the job's advisory lock taken on this connection. */
    async unlock(jobId: number, trx: Kysely<Database> = db): Promise<void> {
      await sql`select pg_advisory_unlock(${jobId})`.execute(trx);
    },

    /** When the job last ran, if it ever did with a period. */
    async lastRunOf(jobId: number, trx: Kysely<Database> = db): Promise<{ last_run_at: string } | undefined> {
      return trx.selectFrom('cluster_job_runs').select('last_run_at').where('job_id', '=', jobId).executeTakeFirst();
    },

    /** Records that the job ran at `at`. */
    async recordRun(jobId: number, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto('cluster_job_runs')
        .values({ job_id: jobId, last_run_at: at })
        .onConflict((conflict) => conflict.column('job_id').doUpdateSet({ last_run_at: at }))
        .execute();
    },

    // Methods go above this line.
  };
}

export type ClusterJobsRepository = ReturnType<typeof createClusterJobsRepository>;
