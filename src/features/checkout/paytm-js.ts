/**
 * Paytm JS Checkout, from the merchant script the server names
 * (action.fields.script_url: Paytm's host and the merchant id), loaded only
 * at the payment step of a Paytm order. It opens over the page with the
 * transaction token start-payment answered; once Paytm reports a
 * transaction status the page asks the server to verify it (paytm-verify),
 * never trusting what the page was told.
 */
import { loadProviderScript } from './provider-js.ts';
import type { ScriptCheckoutHandlers } from './razorpay-js.ts';

export interface PaytmCheckoutConfig {
  root: string;
  flow: 'DEFAULT';
  data: { orderId: string; token: string; tokenType: 'TXN_TOKEN'; amount: string };
  /** Stay on the page: transactionStatus is called instead of a redirect to the callback URL. */
  merchant: { redirect: false };
  handler: {
    notifyMerchant(eventName: string, data: unknown): void;
    transactionStatus(status: unknown): void;
  };
}

export interface PaytmCheckoutJs {
  onLoad(callback: () => void): void;
  init(config: PaytmCheckoutConfig): Promise<void>;
  invoke(): void;
  close(): void;
}

declare global {
  interface Window {
    Paytm?: { CheckoutJS?: PaytmCheckoutJs };
  }
}

/** Paytm's CheckoutJS once its script ran and it said it is ready (onLoad). */
export async function loadPaytm(scriptUrl: string): Promise<PaytmCheckoutJs> {
  const checkout = await loadProviderScript(scriptUrl, () => window.Paytm?.CheckoutJS);
  await new Promise<void>((resolve) => checkout.onLoad(resolve));
  return checkout;
}

/** Opens Paytm's checkout for start-payment's fields. */
export function openPaytmCheckout(checkout: PaytmCheckoutJs, fields: Record<string, string>, handlers: ScriptCheckoutHandlers<void>): void {
  let finished = false;
  checkout
    .init({
      root: '',
      flow: 'DEFAULT',
      data: { orderId: fields.order_id ?? '', token: fields.txn_token ?? '', tokenType: 'TXN_TOKEN', amount: fields.amount ?? '' },
      merchant: { redirect: false },
      handler: {
        notifyMerchant: (eventName) => {
          if (eventName === 'APP_CLOSED' && !finished) handlers.onDismissed(null);
        },
        transactionStatus: () => {
          finished = true;
          checkout.close();
          handlers.onFinished();
        },
      },
    })
    .then(() => checkout.invoke())
    .catch(() => handlers.onDismissed(null));
}
