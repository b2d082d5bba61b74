/**
 * When the outbox drains: on demand, on a slow timer, and after a failure on
 * a retry timer that backs off from 1 s, doubling to 60 s. Passes never
 * overlap: a drain asked for during a pass runs once more right after it, and
 * across tabs a Web Lock keeps two workers from sending the same line at once.
 */
import type { DrainReport } from '../../src/api/worker-api.ts';
import { backoffDelay } from '../net/backoff.ts';
import type { DrainPass } from './drain.ts';

export interface DrainerOptions {
  drainOnce(): Promise<DrainPass>;
  /** After each pass, e.g. to ask the service worker to replay what it holds. */
  afterPass?(pass: DrainPass): void;
  retryBaseMs?: number;
  retryMaxMs?: number;
  periodMs?: number;
  /** Runs a pass under a lock shared by every tab; default: Web Locks where the browser has them. */
  withLock?: <T>(run: () => Promise<T>) => Promise<T>;
}

const LOCK_NAME = 'foodpilot-outbox-drain';

export class OutboxDrainer {
  private running: Promise<DrainReport> | null = null;
  private runAgain = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private periodTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: DrainerOptions) {}

  /** Never rejects: a broken pass is logged and retried like a failed send. */
  drain(): Promise<DrainReport> {
    if (this.running) {
      this.runAgain = true;
      return this.running;
    }
    this.running = this.passUntilQuiet().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  start(): void {
    this.periodTimer ??= setInterval(() => void this.drain(), this.options.periodMs ?? 60_000);
  }

  stop(): void {
    if (this.periodTimer !== null) clearInterval(this.periodTimer);
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.periodTimer = null;
    this.retryTimer = null;
  }

  /** Milliseconds until the scheduled retry, for tests and logs; null when none is scheduled. */
  get nextRetryDelay(): number | null {
    return this.retryTimer === null ? null : this.currentDelay();
  }

  private async passUntilQuiet(): Promise<DrainReport> {
    const total: DrainReport = { sent: 0, applied: 0, rejected: 0, queued: 0, remaining: 0 };
    do {
      this.runAgain = false;
      const pass = await this.safePass();
      total.sent += pass.sent;
      total.applied += pass.applied;
      total.rejected += pass.rejected;
      total.queued += pass.queued;
      total.remaining = pass.remaining;
      this.scheduleRetry(pass.retryNeeded);
      this.options.afterPass?.(pass);
    } while (this.runAgain);
    return total;
  }

  private async safePass(): Promise<DrainPass> {
    const withLock = this.options.withLock ?? withWebLock;
    try {
      return await withLock(() => this.options.drainOnce());
    } catch (error) {
      console.error('[worker] outbox drain failed', error);
      return { sent: 0, applied: 0, rejected: 0, queued: 0, remaining: 0, retryNeeded: true, queuedKinds: [] };
    }
  }

  private scheduleRetry(needed: boolean): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (!needed) {
      this.failures = 0;
      return;
    }
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.drain();
    }, this.currentDelay());
  }

  private currentDelay(): number {
    return backoffDelay(this.failures, this.options.retryBaseMs ?? 1_000, this.options.retryMaxMs ?? 60_000);
  }
}

function withWebLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(LOCK_NAME, run) : run();
}
