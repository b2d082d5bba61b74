/**
 * A card order placed and waiting for its payment (PrefKey.pendingPayment):
 * start-payment says what to do next, the card form pays, the server
 * settles. Paid: on to the running order. Failed: back to the checkout with
 * the cart, to pay another way. The customer can also give up on the card
 * and cancel the order (nothing was charged), keeping the cart.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CheckoutFailure, PendingPaymentRow } from '../../api/checkout-worker-api.ts';
import type { PaymentState } from '../../api/payment-entities.ts';
import type { TextKey } from '../../api/texts.ts';
import { useT } from '../../app/look.tsx';
import { useSyncWorker } from '../../app/services.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useMoney } from '../stores/use-money.ts';
import { refusalText } from './refusal-text.ts';
import { StripeCardForm } from './StripeCardForm.tsx';
import { forgetCheckoutDraft } from './use-checkout-draft.ts';

interface PaymentStepProps {
  pending: PendingPaymentRow;
  /** Something the checkout should say once this step is over (a failed payment). */
  onNotice(notice: TextKey): void;
}

export function runningOrderPath(uniqueOrderId: string): string {
  return `/running-order/${encodeURIComponent(uniqueOrderId)}`;
}

/** Where a settled payment leads: paid (or paid meanwhile by the webhook) to the running order; failed back to the cart. */
export function useSettledPayment(onNotice: (notice: TextKey) => void) {
  const navigate = useNavigate();
  return (state: PaymentState) => {
    if (state.payment_status === 'PAID') {
      forgetCheckoutDraft();
      void navigate(runningOrderPath(state.unique_order_id), { replace: true });
    } else if (state.payment_status === 'FAILED' || state.orderstatus_id === 9) {
      onNotice('paymentFailed');
    } else if (state.orderstatus_id !== 8) {
      // Placed without this page (processing, settled by the webhook): follow it there.
      void navigate(runningOrderPath(state.unique_order_id), { replace: true });
    }
  };
}

export function PaymentStep({ pending, onNotice }: PaymentStepProps) {
  const t = useT();
  const money = useMoney();
  const worker = useSyncWorker();
  const settled = useSettledPayment(onNotice);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const [cancelling, setCancelling] = useState<'asking' | 'sending' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const orderId = pending.uniqueOrderId;
  const amount = money(pending.amount);
  const action = pending.state?.action ?? null;

  // Open (or resume) the payment with the gateway: the server answers what the card form needs.
  useEffect(() => {
    if (pending.gateway !== 'STRIPE') return;
    let current = true;
    void worker.startPayment(orderId).then((result) => {
      if (!current) return;
      if (result.ok) settled(result.value);
      else setFailure(result);
    });
    return () => {
      current = false;
    };
    // Once per order and per "try again"; the answer lands in the replica.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, attempt]);

  const confirm = async () => {
    setFailure(null);
    const result = await worker.confirmStripePayment(orderId);
    if (result.ok) settled(result.value);
    else setFailure(result);
  };

  const cancel = async () => {
    setCancelling('sending');
    const result = await worker.cancelOrder(orderId);
    setCancelling(null);
    if (!result.ok) setFailure(result);
  };

  let body;
  if (pending.gateway !== 'STRIPE') {
    body = <p className="checkout-problem">{t('paymentUnsupported')}</p>;
  } else if (failure) {
    body = (
      <div>
        <p className="checkout-problem" role="alert" data-testid="payment-failure">
          {refusalText(failure, { t, money, offlineKey: 'paymentOffline' })}
        </p>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => {
            setFailure(null);
            setAttempt((n) => n + 1);
          }}
        >
          {t('paymentRetry')}
        </button>
      </div>
    );
  } else if (action?.type === 'stripe_confirm' && action.client_secret) {
    body = (
      <StripeCardForm
        publishableKey={action.fields.publishable_key ?? ''}
        clientSecret={action.client_secret}
        returnUrl={action.fields.return_url ?? window.location.href}
        amount={amount}
        onConfirmed={confirm}
      />
    );
  } else if (action?.type === 'redirect' && action.url) {
    body = (
      <a className="button button-primary button-large" href={action.url}>
        {t('paymentContinue')}
      </a>
    );
  } else {
    body = <Spinner label={t('paymentLoading')} />;
  }

  return (
    <section className="checkout-payment-step card" aria-labelledby="payment-step-title" data-testid="payment-step">
      <h2 id="payment-step-title" className="checkout-heading">
        {t('paymentStepTitle', { order: orderId })}
      </h2>
      <p>{t('paymentStepAmount', { amount })}</p>
      {body}
      <button type="button" className="button button-ghost" onClick={() => setCancelling('asking')}>
        {t('paymentCancelOrder')}
      </button>
      {cancelling && (
        <ConfirmDialog
          title={t('paymentCancelTitle', { order: orderId })}
          confirmLabel={t('paymentCancelOrder')}
          cancelLabel={t('paymentKeep')}
          busy={cancelling === 'sending'}
          onConfirm={() => void cancel()}
          onCancel={() => setCancelling(null)}
        >
          <p>{t('paymentCancelBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
