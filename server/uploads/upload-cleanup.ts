/**
 * Runs the orphan-upload cleanup (uploads/uploaded-images.ts) in the
 * background: a first pass a minute after start, then every hour. The timers
 * never keep the process alive and stop when the app closes; a pass never
 * overlaps the previous one, and a failed pass is logged and retried at the
 * next tick. On PostgreSQL one process of a cluster runs a pass at a time
 * (db/cluster-lease.ts: the others skip that turn, so a shared S3 bucket is
 * listed once an hour, not once per process); the cleanup itself is
 * idempotent anyway, so two servers running it at once (or one running it
 * twice) remove each orphan once.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CLUSTER_JOBS, runOncePerCluster } from '../db/cluster-lease.ts';
import { cleanupOrphanUploads, ORPHAN_GRACE_MS } from './uploaded-images.ts';

export interface UploadCleanupOptions {
  /** Between passes; default an hour. */
  intervalMs?: number;
  /** Before the first pass; default a minute (start-up stays quick). */
  firstDelayMs?: number;
  graceMs?: number;
  /** The time the grace period counts from; default the wall clock. */
  clock?: (() => Date) | undefined;
}

export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

async function uploadCleanup(app: FastifyInstance, options: UploadCleanupOptions): Promise<void> {
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return;
    running = runOncePerCluster(
      app,
      CLUSTER_JOBS.orphanUploadCleanup,
      () =>
        cleanupOrphanUploads(app, app.imageStore, {
          now: options.clock?.() ?? new Date(),
          graceMs: options.graceMs ?? ORPHAN_GRACE_MS,
        }),
      { everyMs: options.intervalMs ?? UPLOAD_CLEANUP_INTERVAL_MS, ...(options.clock ? { now: options.clock } : {}) },
    )
      .then((run) => {
        if (run.ran && run.result.length > 0) app.log.info({ removed: run.result.length }, 'removed uploads nothing refers to');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'upload cleanup failed; retried at the next pass'))
      .finally(() => {
        running = undefined;
      });
  };
  let interval: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    first = setTimeout(pass, options.firstDelayMs ?? 60_000).unref();
    interval = setInterval(pass, options.intervalMs ?? UPLOAD_CLEANUP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(interval);
    // Let a pass under way finish before the database closes.
    await running;
  });
}

export default fp(uploadCleanup, { name: 'upload-cleanup', dependencies: ['database', 'image-store'] });
