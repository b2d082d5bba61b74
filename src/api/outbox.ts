/**
 * The queued-action protocol of DESIGN §4, shared by the worker (which writes
 * and drains the Dexie outbox) and the service worker (whose background-sync
 * queues are the backstop). A queued request carries two headers:
 * `Idempotency-Key` (made once per action) and `X-Outbox-Kind` (its queue).
 */
/** alert-read: marking in-app alerts read (mark-one- and mark-all-notifications-read). */
export const OUTBOX_KINDS = ['driver-action', 'driver-gps', 'cart-check', 'customer-action', 'alert-read'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const OUTBOX_KIND_HEADER = 'X-Outbox-Kind';
/** The time the user acted, ISO 8601; the server records it as the real time. */
export const ACTED_AT_HEADER = 'X-Acted-At';
/** Set on requests sent while testers simulate offline mode. */
export const SIMULATED_OFFLINE_HEADER = 'X-Simulated-Offline';

/**
 * Kinds where only the newest request matters: a cart check asks about the
 * cart as it is, so an older one waiting for the network is worth nothing
 * once a newer one is queued. The worker deletes the older rows when it
 * queues a new one; the service worker drops the older requests it holds
 * when it stores the new one, so a replay never sends a stale check.
 */
export const NEWEST_ONLY_KINDS: readonly OutboxKind[] = ['cart-check'];

export function queueNameFor(kind: OutboxKind): string {
  return `outbox-${kind}`;
}

export function isOutboxKind(value: unknown): value is OutboxKind {
  return typeof value === 'string' && (OUTBOX_KINDS as readonly string[]).includes(value);
}

/**
 * pending: written, not yet sent; sending: the worker has it in flight;
 * queued: the service worker holds it in a background-sync queue;
 * applied / rejected: the server answered (2xx / final 4xx);
 * expired: the queue's retention ran out before the network came back.
 */
export type OutboxStatus = 'pending' | 'sending' | 'queued' | 'applied' | 'rejected' | 'expired';

export interface OutboxEntry {
  /** The Idempotency-Key: a UUID made once when the user acted. */
  id: string;
  kind: OutboxKind;
  /** Call name under /public/api, e.g. 'delivery/pickedup-order'. */
  call: string;
  body: unknown;
  status: OutboxStatus;
  /** Whose action: the outbox drains in order per user. */
  userKey: string;
  actedAt: string;
  createdSeq?: number;
  attempts: number;
  lastError?: string;
  /** The server's answer once settled. */
  response?: { status: number; body: unknown };
  settledAt?: string;
  /** Words for the user when rejected or expired. */
  label: string;
}

/** What the service worker answers when it stored the request for later. */
export interface QueuedAnswer {
  queued: true;
  queue: string;
}

export function isQueuedAnswer(value: unknown): value is QueuedAnswer {
  return typeof value === 'object' && value !== null && (value as QueuedAnswer).queued === true;
}

/**
 * How a replayed answer is treated (DESIGN §4 point 4): 2xx settles, 5xx and
 * 429 wait and try again, any other 4xx is final. Pass the body when there is
 * one: a 409 IDEMPOTENCY_IN_PROGRESS only means the same action is still
 * running elsewhere (the worker and the service worker both sent it), so its
 * answer is still to come.
 */
export type ReplayVerdict = 'applied' | 'retry' | 'rejected';

export function replayVerdict(status: number, body?: unknown): ReplayVerdict {
  if (status >= 200 && status < 300) return 'applied';
  if (status === 429 || status >= 500 || status === 408) return 'retry';
  if (status === 409 && typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'IDEMPOTENCY_IN_PROGRESS') {
    return 'retry';
  }
  return 'rejected';
}
