/**
 * One order-events stream's view of its order. Woken by the hub
 * (order-events.ts) and by the stream's heartbeat, it re-reads the order's
 * tracking and sends it only when something differs from what it sent last:
 * a `tracking` message when the order took a step (status, history, payment,
 * cancel reason), a `position` message when only the driver moved. Reads
 * never overlap (SerialReads).
 *
 * Two steps committed between two reads arrive as one message whose
 * history holds both; the client replaces what it has with what it gets.
 */
import type { OrderTracking } from '../../src/api/orders/entities.ts';
import type { OrderEventType } from '../../src/api/orders/limits.ts';
import { SerialReads } from '../live/serial-reads.ts';

export type TrackingReader = () => Promise<OrderTracking | undefined>;
export type TrackingSender = (type: OrderEventType, tracking: OrderTracking) => void;

function stepKey(tracking: OrderTracking): string {
  return JSON.stringify([
    tracking.status,
    tracking.history,
    tracking.payment_status,
    tracking.cancel_reason,
    tracking.updated_at,
    tracking.driver?.name ?? null,
  ]);
}

function positionKey(tracking: OrderTracking): string {
  const driver = tracking.driver;
  return JSON.stringify(driver ? [driver.latitude, driver.longitude, driver.located_at] : null);
}

export class OrderWatch {
  #sentStep: string | undefined;
  #sentPosition: string | undefined;
  readonly #reads: SerialReads;

  constructor(
    private readonly read: TrackingReader,
    private readonly send: TrackingSender,
    onError: (error: unknown) => void,
  ) {
    this.#reads = new SerialReads(() => this.#compareAndSend(), onError);
  }

  /** Sends where the order stands now (the stream's first message). */
  start(): Promise<void> {
    return this.#reads.first();
  }

  /** Re-reads soon; several wake-ups during one read make one more read. */
  check(): void {
    this.#reads.check();
  }

  /** No more reads or messages; resolves when a read under way is done. */
  close(): Promise<void> {
    return this.#reads.close();
  }

  async #compareAndSend(): Promise<void> {
    const tracking = await this.read();
    if (!tracking || this.#reads.closed) return;
    const step = stepKey(tracking);
    const position = positionKey(tracking);
    if (step !== this.#sentStep) this.send('tracking', tracking);
    else if (position !== this.#sentPosition) this.send('position', tracking);
    this.#sentStep = step;
    this.#sentPosition = position;
  }
}
