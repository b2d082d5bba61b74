/**
 * Messages between pages, the sync worker and the service worker: a
 * discriminated union with type guards, never bare strings (STYLE habit 2).
 * The service worker broadcasts on the BroadcastChannel named below, so the
 * sync worker hears outcomes even though a dedicated worker is not a client
 * the service worker can post to.
 */
import type { OutboxKind } from './outbox.ts';
import type { PushAlert, PushDisplay } from './push.ts';

export const SW_BROADCAST_CHANNEL = 'foodpilot-sw-events';

/**
 * Where the testers' simulated-offline switch lives for the service worker: a
 * tiny Cache Storage entry, because a stopped service worker loses its memory
 * and Cache Storage is shared by pages, workers and the service worker alike.
 */
export const FLAGS_CACHE_NAME = 'foodpilot-flags';
export const SIMULATED_OFFLINE_FLAG_URL = '/__foodpilot/simulated-offline';

export type ToServiceWorkerMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'REPLAY_QUEUE'; kind?: OutboxKind }
  | { type: 'SET_SIMULATED_OFFLINE'; offline: boolean }
  | { type: 'GET_QUEUE_SIZES' };

export type FromServiceWorkerMessage =
  | { type: 'OUTBOX_QUEUED'; idempotencyKey: string; kind: OutboxKind }
  | { type: 'OUTBOX_APPLIED'; idempotencyKey: string; kind: OutboxKind; status: number; body: unknown }
  | { type: 'OUTBOX_REJECTED'; idempotencyKey: string; kind: OutboxKind; status: number; body: unknown }
  | { type: 'OUTBOX_EXPIRED'; idempotencyKey: string; kind: OutboxKind }
  | { type: 'QUEUE_SIZES'; sizes: Partial<Record<OutboxKind, number>> };

/**
 * A push message reached the service worker (sw/push.ts). Posted to every
 * window of the app (only the focused one gets `display: 'in-app'` and shows
 * the dialog) and on the broadcast channel, where the sync worker refreshes
 * the alerts. Apart from FromServiceWorkerMessage, which is about the outbox.
 */
export interface PushReceivedMessage {
  type: 'PUSH_RECEIVED';
  alert: PushAlert;
  display: PushDisplay;
}

const TO_SW_TYPES = ['SKIP_WAITING', 'REPLAY_QUEUE', 'SET_SIMULATED_OFFLINE', 'GET_QUEUE_SIZES'] as const;
const FROM_SW_TYPES = ['OUTBOX_QUEUED', 'OUTBOX_APPLIED', 'OUTBOX_REJECTED', 'OUTBOX_EXPIRED', 'QUEUE_SIZES'] as const;

function hasType(value: unknown, types: readonly string[]): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    types.includes((value as { type: string }).type)
  );
}

export function isToServiceWorkerMessage(value: unknown): value is ToServiceWorkerMessage {
  return hasType(value, TO_SW_TYPES);
}

export function isFromServiceWorkerMessage(value: unknown): value is FromServiceWorkerMessage {
  return hasType(value, FROM_SW_TYPES);
}

export function isPushReceivedMessage(value: unknown): value is PushReceivedMessage {
  return hasType(value, ['PUSH_RECEIVED']) && typeof (value as { alert?: unknown }).alert === 'object' && (value as { alert?: unknown }).alert !== null;
}
