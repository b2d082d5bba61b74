/**
 * Stripe.js, loaded from js.stripe.com only when a card payment is about to
 * be made (Stripe requires it be loaded from there, never bundled): the
 * first route and every other screen never download it. Only the few calls
 * the card form makes are typed here.
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

export interface StripeError {
  type?: string;
  message?: string;
}

export interface StripePaymentElement {
  mount(element: HTMLElement): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'payment'): StripePaymentElement;
}

export interface ConfirmPaymentResult {
  error?: StripeError;
  paymentIntent?: { id: string; status: string };
}

export interface StripeJs {
  elements(options: { clientSecret: string; locale?: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<ConfirmPaymentResult>;
}

export type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

let loading: Promise<StripeFactory> | null = null;

/** The Stripe factory, adding the script tag once; a failed load is tried again next time. */
export function loadStripeJs(): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js loaded without Stripe')));
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
