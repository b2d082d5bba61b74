/**
 * The driver area's words for an order's status, for a waiting action and for
 * where an order sends them: what the driver does next, not what the
 * customer sees (the customer's words are in orders/order-words.ts).
 */
import { GPS_BATCH_CALL, TOGGLE_DUTY_CALL, driverMoveOfCall, type DriverMove } from '../../api/driver/worker-api.ts';
import { OrderStatus } from '../../api/orders/status.ts';
import type { OutboxEntry } from '../../api/outbox.ts';
import type { TextKey } from '../../api/language/texts.ts';
import type { Translate } from '../../base/settings-and-language.tsx';

const STATUS_TEXT: Record<number, TextKey> = {
  [OrderStatus.PREPARING]: 'driverStatusOffered',
  [OrderStatus.DRIVER_ASSIGNED]: 'driverStatusAccepted',
  [OrderStatus.PICKED_UP]: 'driverStatusPickedUp',
  [OrderStatus.DELIVERED]: 'driverStatusDelivered',
  [OrderStatus.CANCELLED]: 'driverStatusCancelled',
};

export function driverStatusText(status: number): TextKey {
  return STATUS_TEXT[status] ?? 'orderStatusUnknown';
}

const PENDING_MOVE_TEXT: Record<DriverMove, TextKey> = {
  accept: 'driverPendingAccept',
  pickup: 'driverPendingPickup',
  deliver: 'driverPendingDeliver',
};


function fieldOf(body: unknown, field: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
}

/** A waiting action in the driver's language; the worker's own label for one this screen does not know. */
export function pendingActionText(entry: OutboxEntry, t: Translate): string {
  const move = driverMoveOfCall(entry.call);
  const order = fieldOf(entry.body, 'unique_order_id');
  if (move && typeof order === 'string') return t(PENDING_MOVE_TEXT[move], { order });
  if (entry.call === TOGGLE_DUTY_CALL) return t(fieldOf(entry.body, 'is_online') === true ? 'driverGoOnDuty' : 'driverGoOffDuty');
  const points = fieldOf(entry.body, 'points');
  if (entry.call === GPS_BATCH_CALL && Array.isArray(points)) return t('driverPendingGps', { count: points.length });
  return entry.label;
}

/** Google Maps' directions to a point, for the navigation app of the driver's phone. */
export function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}
