/**
 * When each periodic job last ran in the cluster (issue 17): the advisory
 * lock keeps two processes from running a job at the same time; this row
 * keeps a second process, whose timer fires later in the same period, from
 * running it again (db/cluster-lease.ts).
 */
import type { AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('cluster_job_runs')
    .addColumn('job_id', 'integer', (col) => col.primaryKey())
    // ISO-8601, as every time the database keeps.
    .addColumn('last_run_at', 'text', (col) => col.notNull())
    .execute();
}
