/**
 * Sends the pushes of stored alerts, after their transaction committed:
 * notifications.push_state is a transactional outbox. notifyUser kicks the
 * dispatcher; it reads committed 'pending' alerts, claims each one (so two
 * server processes never push the same alert), sends it to every device
 * token of its user, forgets tokens the provider says are gone, and
 * records the outcome. A periodic sweep picks up alerts whose transaction
 * committed after the kick (or that another process stored).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PushState } from '../db/tables.ts';
import type { NotificationsRepository } from '../account/notifications-repository.ts';
import type { PushTransport } from './push.ts';

const BATCH = 50;
/** Re-reads shortly after a kick: the kicking transaction has usually committed by then. */
const KICK_DELAYS_MS = [10, 500];
export const SWEEP_INTERVAL_MS = 15_000;

export class PushDispatcher {
  private chain: Promise<unknown> = Promise.resolve();
  private timers = new Set<NodeJS.Timeout>();
  private sweep: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly transport: PushTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.sweep = setInterval(() => void this.drain().catch(() => undefined), SWEEP_INTERVAL_MS);
    this.sweep.unref();
  }

  kick(): void {
    if (this.stopped) return;
    for (const delay of KICK_DELAYS_MS) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.drain().catch(() => undefined);
      }, delay);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** Sends every committed pending push; runs one at a time, so awaiting it means "all sent". */
  drain(): Promise<number> {
    const run = this.chain.then(() => (this.stopped ? 0 : this.drainOnce()));
    this.chain = run.catch((error: unknown) => this.log.error({ err: error }, 'push dispatch failed'));
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweep) clearInterval(this.sweep);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.chain;
  }

  private async drainOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const pending = await this.notifications.pendingPushes(BATCH);
      if (pending.length === 0) return sent;
      for (const alert of pending) {
        if (!(await this.notifications.claimPush(alert.id))) continue;
        const state = await this.push({ ...alert, id: Number(alert.id), user_id: Number(alert.user_id) });
        await this.notifications.setPushState(alert.id, state);
        if (state === 'sent') sent += 1;
      }
    }
  }

  private async push(alert: { id: number; user_id: number; title: string; message: string; data: string }): Promise<PushState> {
    const tokens = await this.notifications.pushTokensOf(alert.user_id);
    if (tokens.length === 0) return 'none';
    const data = { ...stringValues(JSON.parse(alert.data) as Record<string, unknown>), notification_id: String(alert.id) };
    let delivered = 0;
    for (const token of tokens) {
      const result = await this.transport
        .send({ token, title: alert.title, body: alert.message, data })
        .catch((error: unknown) => ({ ok: false as const, tokenGone: false, error: String(error) }));
      if (result.ok) {
        delivered += 1;
        continue;
      }
      if (result.tokenGone) await this.notifications.forgetPushToken(token);
      this.log.warn({ notification: alert.id, tokenGone: result.tokenGone }, `push not delivered: ${result.error}`);
    }
    return delivered > 0 ? 'sent' : 'failed';
  }
}

function stringValues(data: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value === null ? '' : String(value)]));
}
