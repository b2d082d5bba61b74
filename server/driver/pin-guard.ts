/**
 * The delivery PIN has 4 digits: 10,000 guesses would mark any order
 * delivered. After WRONG_PIN_LIMIT wrong PINs for one order within
 * WRONG_PIN_WINDOW_MS, deliver-order refuses that order (429) until the
 * window has passed. Only wrong PINs count, per order, whoever sends them.
 *
 * Kept in this process's memory, like the rate limiter of the sign-in
 * calls; entries go when their window ends or the PIN is right.
 */
import { timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http/http-error.ts';

export const WRONG_PIN_LIMIT = 5;
export const WRONG_PIN_WINDOW_MS = 15 * 60 * 1000;

interface Failures {
  count: number;
  since: number;
}

export function pinMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given.trim());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A missing or wrong PIN: the same answer, so the app asks the customer either way. */
export function wrongDeliveryPin(): HttpError {
  return new HttpError(422, 'WRONG_DELIVERY_PIN', 'The delivery PIN is not right. Ask the customer for the 4 digits on their order page.');
}

export class DeliveryPinGuard {
  readonly #failures = new Map<number, Failures>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** Checks the PIN of an order: 429 while it is locked, 422 WRONG_DELIVERY_PIN when wrong. */
  check(orderId: number, given: string, expected: string): void {
    const now = this.clock();
    this.#forgetExpired(now);
    const failures = this.#failures.get(orderId);
    if (failures && failures.count >= WRONG_PIN_LIMIT) {
      const minutes = Math.ceil((failures.since + WRONG_PIN_WINDOW_MS - now) / 60_000);
      throw new HttpError(429, 'RATE_LIMITED', `Too many wrong PINs for this order. Try again in ${minutes} min.`);
    }
    if (pinMatches(given, expected)) {
      this.#failures.delete(orderId);
      return;
    }
    this.#failures.set(orderId, { count: (failures?.count ?? 0) + 1, since: failures?.since ?? now });
    throw wrongDeliveryPin();
  }

  #forgetExpired(now: number): void {
    for (const [orderId, failures] of this.#failures) {
      if (now - failures.since >= WRONG_PIN_WINDOW_MS) this.#failures.delete(orderId);
    }
  }
}
