/**
 * The order's way through DESIGN §6 as the customer sees it: the steps of a
 * delivery (placed → preparing → driver assigned → picked up → delivered)
 * or of a self pickup (placed → preparing → ready for pickup → collected),
 * each with the time it happened, and the detours shown as what they are
 * (awaiting payment, payment failed, cancelled).
 */
import type { OrderType } from '../../api/orders/limits.ts';
import { DELIVERY_STEP_PATH, OrderStatus, PICKUP_STEP_PATH } from '../../api/orders/status.ts';
import type { TextKey } from '../../api/language/texts.ts';

export interface HistoryStep {
  status: number;
  at: string;
}

export type StepState = 'done' | 'current' | 'next';

export interface TimelineStep {
  status: number;
  label: TextKey;
  /** When the order reached it (ISO-8601); null for a step to come. */
  at: string | null;
  state: StepState;
}

const { PLACED, PREPARING, DRIVER_ASSIGNED, PICKED_UP, DELIVERED, CANCELLED, READY_FOR_PICKUP, AWAITING_PAYMENT, PAYMENT_FAILED } = OrderStatus;

const STEP_LABELS: Record<number, TextKey> = {
  [PLACED]: 'orderStepPlaced',
  [PREPARING]: 'orderStepPreparing',
  [DRIVER_ASSIGNED]: 'orderStepDriverAssigned',
  [PICKED_UP]: 'orderStepPickedUp',
  [DELIVERED]: 'orderStepDelivered',
  [CANCELLED]: 'orderStepCancelled',
  [READY_FOR_PICKUP]: 'orderStepReady',
  [AWAITING_PAYMENT]: 'orderStepAwaitingPayment',
  [PAYMENT_FAILED]: 'orderStepPaymentFailed',
};

const NOW_TEXTS: Record<number, TextKey> = {
  [PLACED]: 'orderNowPlaced',
  [PREPARING]: 'orderNowPreparing',
  [DRIVER_ASSIGNED]: 'orderNowDriverAssigned',
  [PICKED_UP]: 'orderNowPickedUp',
  [DELIVERED]: 'orderNowDelivered',
  [CANCELLED]: 'orderNowCancelled',
  [READY_FOR_PICKUP]: 'orderNowReady',
  [AWAITING_PAYMENT]: 'orderNowAwaitingPayment',
  [PAYMENT_FAILED]: 'orderNowPaymentFailed',
};

const isPickup = (orderType: OrderType) => orderType === 'SELFPICKUP';

/** The step's name; a self-pickup order's last step is "collected", not "delivered". */
export function stepLabel(status: number, orderType: OrderType): TextKey {
  if (status === DELIVERED && isPickup(orderType)) return 'orderStepCollected';
  return STEP_LABELS[status] ?? 'orderStepPlaced';
}

/** Where the order stands, in a sentence (the page's headline, the home banner). */
export function statusSentence(status: number, orderType: OrderType): TextKey {
  if (status === DELIVERED && isPickup(orderType)) return 'orderNowCollected';
  return NOW_TEXTS[status] ?? 'orderNowPlaced';
}

/** The newest time the order reached a status. */
function reachedAt(history: readonly HistoryStep[], status: number): string | null {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    if (history[index]?.status === status) return history[index]!.at;
  }
  return null;
}

export function timelineOf(orderType: OrderType, status: number, history: readonly HistoryStep[]): TimelineStep[] {
  const path: readonly number[] = isPickup(orderType) ? PICKUP_STEP_PATH : DELIVERY_STEP_PATH;
  const step = (stepStatus: number, state: StepState): TimelineStep => ({
    status: stepStatus,
    label: stepLabel(stepStatus, orderType),
    at: state === 'next' ? null : reachedAt(history, stepStatus),
    state,
  });
  // A card order waited for its payment first: that wait is part of its story.
  const paymentWait = reachedAt(history, AWAITING_PAYMENT) !== null && status !== AWAITING_PAYMENT ? [step(AWAITING_PAYMENT, 'done')] : [];

  if (status === AWAITING_PAYMENT) return [step(AWAITING_PAYMENT, 'current'), ...path.map((s) => step(s, 'next'))];
  if (status === PAYMENT_FAILED) return [...paymentWait, step(PAYMENT_FAILED, 'done')];
  if (status === CANCELLED) {
    const reached = path.filter((s) => reachedAt(history, s) !== null).map((s) => step(s, 'done'));
    return [...paymentWait, ...reached, step(CANCELLED, 'done')];
  }
  const index = Math.max(0, path.indexOf(status));
  const final = status === DELIVERED;
  return [...paymentWait, ...path.map((s, i) => step(s, i < index || final ? 'done' : i === index ? 'current' : 'next'))];
}

/** A step's time: the hour alone today, with the date on another day (in the chosen language, the device's time zone). */
export function stepTimeText(iso: string, locale: string | undefined, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const today = date.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    // An unknown language code: the device's own.
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}
