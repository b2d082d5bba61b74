/**
 * The other people of an order, acting through the API as their apps would:
 * the store owner who accepts it and the driver who takes, carries and hands
 * it over. Each signs in with `login` and sends every move with its own
 * Idempotency-Key, as the real apps do.
 */
import { randomUUID } from 'node:crypto';
import type { LoginResult } from '../../../src/api/account/entities.ts';
import type { CallBody, CallName } from '../../../src/api/calls.ts';
import type { OrderMoveResult } from '../../../src/api/orders/entities.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/api/outbox.ts';
import { postCall } from '../../support/api-client.ts';

/** The demo accounts of README's table. */
export const DEMO_CUSTOMER = { email: 'customer@foodpilot.test', password: 'customer-demo' } as const;
export const DEMO_OWNER = { email: 'owner@foodpilot.test', password: 'owner-demo' } as const;
export const DEMO_DRIVER = { email: 'driver@foodpilot.test', password: 'driver-demo' } as const;

type OrderMove = 'accept-order' | 'accept-to-deliver' | 'pickedup-order' | 'deliver-order';

export class OrderActor {
  private constructor(
    private readonly baseUrl: string,
    readonly name: string,
    readonly token: string,
  ) {}

  static async signIn(baseUrl: string, account: { email: string; password: string }): Promise<OrderActor> {
    const answer = await postCall(baseUrl, 'login', { email: account.email, password: account.password });
    if (answer.status !== 200) throw new Error(`login of ${account.email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    const { data } = answer.body as LoginResult;
    return new OrderActor(baseUrl, data.name, data.auth_token);
  }

  /** One move of the order's state machine; throws unless the server made it. */
  async move(call: OrderMove, uniqueOrderId: string, extra: { delivery_pin?: string } = {}): Promise<OrderMoveResult> {
    const result = await this.call(call, { token: this.token, unique_order_id: uniqueOrderId, ...extra } as CallBody<typeof call>);
    const moved = result as OrderMoveResult;
    if (!moved.changed) throw new Error(`${call} on ${uniqueOrderId} changed nothing`);
    return moved;
  }

  /** The driver's phone reporting where it is (and which way it faces). */
  async reportPosition(position: { latitude: number; longitude: number; heading: number }): Promise<void> {
    await this.call('set-delivery-guy-gps-location', { token: this.token, ...position });
  }

  private async call<N extends CallName>(name: N, body: CallBody<N>): Promise<unknown> {
    const answer = await postCall(this.baseUrl, name, body, { [IDEMPOTENCY_HEADER]: randomUUID() });
    if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}
