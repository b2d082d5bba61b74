/**
 * The checkout and orders methods of the sync worker double: the coupon and
 * points choices run the worker's own code over the test's replica (no
 * network involved), the calls that need the server answer ok and change
 * nothing; a test that needs an answer writes the rows or passes its own.
 */
import { vi } from 'vitest';
import type {
  CheckoutChoices,
  CheckoutResult,
  CheckoutWorkerApi,
  OrdersListWorkerApi,
  PlacedOrder,
  PlaceOrderInput,
  RazorpayCheckoutAnswer,
  VerifiedGateway,
} from '../../../src/api/checkout/worker-api.ts';
import type { PaymentState } from '../../../src/api/checkout/payment-entities.ts';
import type { SyncResult } from '../../../src/api/worker-api.ts';
import type { ReplicaDatabase } from '../../../src/db/schema.ts';
import type { ApiClient } from '../../../worker/net/api-client.ts';
import { removeCoupon, setLoyaltyRedemption } from '../../../worker/checkout/quote.ts';
import type { SyncContext } from '../../../worker/replica/context.ts';

const noNetwork: ApiClient = {
  call: () => Promise.reject(new Error('The checkout double does not call the API.')),
  getVersion: () => Promise.reject(new Error('The checkout double does not call the API.')),
};

const OFFLINE = { ok: false as const, reason: 'offline' as const };

export function checkoutWorkerDefaults(db: ReplicaDatabase) {
  const ctx: SyncContext = { db, api: noNetwork, now: Date.now };
  const ok = async (): Promise<SyncResult> => ({ ok: true as const });
  return {
    refreshPaymentGateways: vi.fn(ok),
    quoteCheckout: vi.fn(async (_choices: CheckoutChoices): Promise<CheckoutResult> => ({ ok: true as const })),
    applyCoupon: vi.fn(async (_code: string, _choices: CheckoutChoices): Promise<CheckoutResult> => ({ ok: true as const })),
    removeCoupon: vi.fn(() => removeCoupon(ctx)),
    setLoyaltyRedemption: vi.fn((points: number) => setLoyaltyRedemption(ctx, points)),
    placeOrder: vi.fn(async (_input: PlaceOrderInput): Promise<CheckoutResult<PlacedOrder>> => OFFLINE),
    startPayment: vi.fn(async (_uniqueOrderId: string): Promise<CheckoutResult<PaymentState>> => OFFLINE),
    confirmStripePayment: vi.fn(async (_uniqueOrderId: string, _paymentMethod?: string): Promise<CheckoutResult<PaymentState>> => OFFLINE),
    captureStripeRedirect: vi.fn(async (_paymentIntent: string): Promise<CheckoutResult<PaymentState>> => OFFLINE),
    processRazorpayPayment: vi.fn(async (_uniqueOrderId: string, _answer: RazorpayCheckoutAnswer): Promise<CheckoutResult<PaymentState>> => OFFLINE),
    verifyGatewayPayment: vi.fn(
      async (_uniqueOrderId: string, _gateway: VerifiedGateway, _paymentId?: string): Promise<CheckoutResult<PaymentState>> => OFFLINE,
    ),
    refreshOrders: vi.fn(ok),
    loadMoreOrders: vi.fn(async (): Promise<SyncResult<{ more: boolean }>> => ({ ok: true as const, value: { more: false } })),
    refreshOrder: vi.fn(async (_uniqueOrderId: string) => ok()),
    cancelOrder: vi.fn(async (_uniqueOrderId: string, _reason?: string): Promise<CheckoutResult> => ({ ok: true as const })),
  } satisfies CheckoutWorkerApi & OrdersListWorkerApi;
}
