/**
 * The payment step of an order paid in the page through a provider's
 * script (Razorpay Checkout, Paytm JS Checkout): the script is loaded when
 * the step shows start-payment's checkout_sdk action, and `open` shows the
 * provider's window with the fields the server answered.
 */
import { useEffect, useState } from 'react';
import type { RazorpayCheckoutAnswer } from '../../api/checkout/worker-api.ts';
import type { PaymentGatewayId } from '../../api/checkout/payment-limits.ts';
import { loadPaytm, openPaytmCheckout } from './paytm-js.ts';
import { loadRazorpay, openRazorpayCheckout, type ScriptCheckoutHandlers } from './razorpay-js.ts';

export type ScriptCheckoutAnswer = { gateway: 'RAZORPAY'; answer: RazorpayCheckoutAnswer } | { gateway: 'PAYTM' };

export type ScriptCheckoutOpener = (handlers: ScriptCheckoutHandlers<ScriptCheckoutAnswer>) => void;

export type ScriptCheckoutStatus = 'loading' | 'ready' | 'unavailable';

/** The gateways paid through their own script in the page. */
export function isScriptGateway(gateway: PaymentGatewayId): gateway is 'RAZORPAY' | 'PAYTM' {
  return gateway === 'RAZORPAY' || gateway === 'PAYTM';
}

async function openerFor(gateway: 'RAZORPAY' | 'PAYTM', fields: Record<string, string>): Promise<ScriptCheckoutOpener> {
  if (gateway === 'RAZORPAY') {
    const Razorpay = await loadRazorpay();
    return (handlers) =>
      openRazorpayCheckout(Razorpay, fields, { onFinished: (answer) => handlers.onFinished({ gateway, answer }), onDismissed: handlers.onDismissed });
  }
  const checkout = await loadPaytm(fields.script_url ?? '');
  return (handlers) => openPaytmCheckout(checkout, fields, { onFinished: () => handlers.onFinished({ gateway }), onDismissed: handlers.onDismissed });
}

/** Loads the provider's script for these fields; `reload` tries again after a failed load. */
export function useScriptCheckout(gateway: 'RAZORPAY' | 'PAYTM', fields: Record<string, string>) {
  // The replica answers equal fields as new objects on every change: the answer's content is what matters.
  const key = JSON.stringify(fields);
  const [loaded, setLoaded] = useState<{ key: string; open: ScriptCheckoutOpener } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    openerFor(gateway, JSON.parse(key) as Record<string, string>)
      .then((open) => {
        if (current) setLoaded({ key, open });
      })
      .catch(() => {
        if (current) setFailed(key);
      });
    return () => {
      current = false;
    };
  }, [gateway, key, attempt]);

  // Another start-payment answer (a fresh Paytm token) waits for its own opener.
  const open = loaded?.key === key ? loaded.open : null;
  const status: ScriptCheckoutStatus = open ? 'ready' : failed === key ? 'unavailable' : 'loading';
  const reload = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };
  return { status, open, reload };
}
