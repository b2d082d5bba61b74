/**
 * /checkout (spec §2): for a signed-in customer (or an agent acting for
 * one) with a cart; a visitor sees the same price, part by part, and tries
 * a coupon, then signs in or up to place the order and comes back here. A card order waiting for its payment shows its payment
 * step instead of the form, and a return from a redirect-based payment
 * (?payment_intent=…) is settled here first.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { CheckoutFailure } from '../../api/checkout/worker-api.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import { PaymentStep, useSettledPayment } from './PaymentStep.tsx';
import { refusalText } from '../../lib/refusal-text.ts';
import { useCheckoutView } from './use-checkout-view.ts';
// The form's fields and the order-type toggle are styled there; this chunk cannot count on another screen having loaded it.
import '../../ui/form.css';
import './checkout.css';

/** Back from Stripe's redirect: the server reads the intent and settles the order, then the page moves on. */
function StripeReturn({ paymentIntent, onNotice }: { paymentIntent: string; onNotice(notice: TextKey): void }) {
  const t = useT();
  const money = useMoney();
  const worker = useSyncWorker();
  const navigate = useNavigate();
  const settled = useSettledPayment(onNotice);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  useEffect(() => {
    let current = true;
    void worker.captureStripeRedirect(paymentIntent).then((result) => {
      if (!current) return;
      if (!result.ok) {
        setFailure(result);
        return;
      }
      if (result.value.payment_status !== 'PAID') void navigate('/checkout', { replace: true });
      settled(result.value);
    });
    return () => {
      current = false;
    };
    // Once per return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paymentIntent]);
  if (!failure) return <Spinner label={t('paymentConfirming')} />;
  return (
    <div>
      <p className="checkout-problem" role="alert">
        {refusalText(failure, { t, money, offlineKey: 'paymentOffline' })}
      </p>
      <Link className="button button-ghost" to="/checkout" replace>
        {t('paymentRetry')}
      </Link>
    </div>
  );
}

export function CheckoutScreen() {
  const t = useT();
  const view = useCheckoutView();
  const location = useLocation();
  const [notice, setNotice] = useState<TextKey | null>(null);
  const title = t('screenCheckout');
  const paymentIntent = new URLSearchParams(location.search).get('payment_intent');

  if (view === null) return <ScreenFallback />;
  let body;
  if (view.session && view.session.role !== 'customer') body = <EmptyState>{t('checkoutCustomerOnly')}</EmptyState>;
  else if (paymentIntent && view.session) body = <StripeReturn paymentIntent={paymentIntent} onNotice={setNotice} />;
  else if (view.pending) body = <PaymentStep pending={view.pending} onNotice={setNotice} />;
  else if (view.lines.length === 0) {
    body = (
      <EmptyState
        action={
          <Link className="button button-primary" to="/">
            {t('cartBrowseStores')}
          </Link>
        }
      >
        {t('checkoutEmptyCart')}
      </EmptyState>
    );
  } else body = <CheckoutForm view={view} notice={notice} />;
  return (
    <ScreenShell title={title} className="checkout-screen">
      {body}
    </ScreenShell>
  );
}
