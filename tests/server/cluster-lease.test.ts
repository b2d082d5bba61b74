/**
 * Periodic work once per cluster (db/cluster-lease.ts): two apps on one
 * database start the same job at the same moment; on PostgreSQL it runs in
 * one of them, on SQLite (one machine) it just runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { CLUSTER_JOBS, runOncePerCluster } from '../../server/db/cluster-lease.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/databases.ts';
import { testConfig } from '../support/test-server.ts';

describe.each(testDatabases())('periodic work once per cluster on $kind', ({ kind }) => {
  const apps: FastifyInstance[] = [];
  let database: TestDatabase | undefined;
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database?.drop();
    database = undefined;
  });

  it('two apps start the idempotency purge at the same moment: it runs once on PostgreSQL, and again once the first is done', async () => {
    database = await createTestDatabase(kind);
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp(testConfig(database));
      apps.push(app);
      await app.ready();
    }
    let runs = 0;
    const job = async () => {
      runs += 1;
      // Long enough that both try while the first still holds the lease.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return runs;
    };
    const results = await Promise.all(apps.map((app) => runOncePerCluster(app, CLUSTER_JOBS.idempotencyPurge, job)));
    if (kind === 'postgres') {
      expect(runs).toBe(1);
      expect(results.filter((result) => result.ran)).toHaveLength(1);
    } else {
      expect(runs).toBe(2);
    }
    // The lease is released after the run: the next turn runs again.
    const next = await runOncePerCluster(apps[1]!, CLUSTER_JOBS.idempotencyPurge, job);
    expect(next.ran).toBe(true);
  });

  it('a job given its period runs once per period, whichever process its timer fires in, however the timers are staggered', async () => {
    database = await createTestDatabase(kind);
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp(testConfig(database));
      apps.push(app);
      await app.ready();
    }
    const hour = 60 * 60 * 1000;
    const start = Date.parse('2026-11-27T06:00:00.000Z');
    let runs = 0;
    const job = async () => (runs += 1);
    const turn = (app: FastifyInstance, afterMs: number) =>
      runOncePerCluster(app, CLUSTER_JOBS.orphanUploadCleanup, job, { everyMs: hour, now: () => new Date(start + afterMs) });
    // Process A's timer at :00, B's at :30 (it started half an hour later), then A's and B's next turns.
    const ran = [await turn(apps[0]!, 0), await turn(apps[1]!, 0.5 * hour), await turn(apps[0]!, hour), await turn(apps[1]!, 1.5 * hour)].map(
      (result) => result.ran,
    );
    if (kind === 'postgres') {
      expect(ran).toEqual([true, false, true, false]);
      expect(runs).toBe(2);
    } else {
      // One machine: every turn is its own.
      expect(ran).toEqual([true, true, true, true]);
    }
  });
});
