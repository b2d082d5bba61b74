/**
 * Razorpay Checkout (checkout.razorpay.com/v1/checkout.js), loaded only at
 * the payment step of a Razorpay order. It opens over the page with the
 * fields start-payment answered (the server's Razorpay order), and its
 * success handler hands back order id, payment id and signature, which the
 * server checks (razorpay-process). Only the calls the payment step makes
 * are typed here.
 */
import type { RazorpayCheckoutAnswer } from '../../api/checkout/worker-api.ts';
import { loadProviderScript } from './provider-js.ts';

export const RAZORPAY_JS_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayOptions {
  key: string;
  /** Minor units, as the server's Razorpay order holds it. */
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  handler(answer: RazorpayCheckoutAnswer): void;
  modal: { ondismiss(): void };
}

export interface RazorpayFailure {
  error?: { description?: string; reason?: string };
}

export interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', handler: (failure: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

export function loadRazorpay(): Promise<RazorpayConstructor> {
  return loadProviderScript(RAZORPAY_JS_URL, () => window.Razorpay);
}

export interface ScriptCheckoutHandlers<Answer> {
  /** The provider says the customer paid (the server still checks it). */
  onFinished(answer: Answer): void;
  /** Closed without paying; `reason` is the provider's word on a declined attempt, if any. */
  onDismissed(reason: string | null): void;
}

/** Opens Razorpay Checkout for start-payment's fields. */
export function openRazorpayCheckout(
  Razorpay: RazorpayConstructor,
  fields: Record<string, string>,
  handlers: ScriptCheckoutHandlers<RazorpayCheckoutAnswer>,
): void {
  // Razorpay keeps its window open after a declined attempt so the customer can try another way; its reason is said once it closes.
  let declined: string | null = null;
  const checkout = new Razorpay({
    key: fields.key ?? '',
    amount: Number(fields.amount),
    currency: fields.currency ?? '',
    name: fields.name ?? '',
    description: fields.description ?? '',
    order_id: fields.order_id ?? '',
    prefill: { name: fields.prefill_name ?? '', email: fields.prefill_email ?? '', contact: fields.prefill_contact ?? '' },
    handler: (answer) => handlers.onFinished(answer),
    modal: { ondismiss: () => handlers.onDismissed(declined) },
  });
  checkout.on('payment.failed', (failure) => {
    declined = failure.error?.description ?? failure.error?.reason ?? null;
  });
  checkout.open();
}
