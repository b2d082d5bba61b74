/**
 * Paying by card with Stripe: Stripe's Payment Element (the card fields live
 * in Stripe's frame, so card numbers never touch this app), confirmed in the
 * page with the PaymentIntent's client secret. 3-D Secure opens in Stripe's
 * own dialog; a method that must leave the page comes back to /checkout with
 * ?payment_intent=…, which the checkout settles. Once Stripe says the intent
 * went through, the server is asked to settle it (stripe-accept): it reads
 * the intent from Stripe itself and never trusts the page.
 */
import { useEffect, useRef, useState } from 'react';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { loadStripeJs, type StripeElements, type StripeJs } from './stripe-js.ts';

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the customer back after a redirect-based method. */
  returnUrl: string;
  amount: string;
  /** Stripe confirmed the intent in the page: settle it on the server. */
  onConfirmed(): Promise<void>;
}

type Status = 'loading' | 'ready' | 'paying' | 'unavailable';

export function StripeCardForm({ publishableKey, clientSecret, returnUrl, amount, onConfirmed }: StripeCardFormProps) {
  const t = useT();
  const locale = useLanguage()?.code;
  const container = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; elements: StripeElements } | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [declined, setDeclined] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    let destroy = () => {};
    loadStripeJs()
      .then((Stripe) => {
        if (!current || !container.current) return;
        const js = Stripe(publishableKey, locale ? { locale } : undefined);
        const elements = js.elements({ clientSecret });
        const element = elements.create('payment');
        element.mount(container.current);
        destroy = () => element.destroy();
        stripe.current = { js, elements };
        setStatus('ready');
      })
      .catch(() => {
        if (current) setStatus('unavailable');
      });
    return () => {
      current = false;
      destroy();
      stripe.current = null;
    };
  }, [publishableKey, clientSecret, locale, attempt]);

  const pay = async () => {
    const loaded = stripe.current;
    if (!loaded || status !== 'ready') return;
    setStatus('paying');
    setDeclined(null);
    const result = await loaded.js.confirmPayment({ elements: loaded.elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
    if (result.error) {
      // Declined or incomplete: the intent takes another try with the same or another card.
      setDeclined(result.error.message ?? '');
      setStatus('ready');
      return;
    }
    await onConfirmed();
    setStatus('ready');
  };

  if (status === 'unavailable') {
    return (
      <div className="checkout-stripe" data-testid="stripe-unavailable">
        <p className="checkout-problem" role="alert">
          {t('paymentStripeUnavailable')}
        </p>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => {
            setStatus('loading');
            setAttempt((n) => n + 1);
          }}
        >
          {t('paymentRetry')}
        </button>
      </div>
    );
  }

  return (
    <div className="checkout-stripe">
      {status === 'loading' && <Spinner label={t('paymentLoading')} />}
      <div ref={container} className="checkout-stripe-element" data-testid="stripe-element" />
      {declined !== null && (
        <p className="checkout-problem" role="alert" data-testid="card-declined">
          {declined ? t('paymentCardFailedWithReason', { reason: declined }) : t('paymentCardFailed')}
        </p>
      )}
      <button type="button" className="button button-primary button-large" disabled={status !== 'ready'} onClick={() => void pay()}>
        {status === 'paying' ? t('paymentPaying') : t('paymentPay', { amount })}
      </button>
    </div>
  );
}
