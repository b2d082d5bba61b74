/**
 * An order placed and waiting for its payment through a gateway
 * (PrefKey.pendingPayment): start-payment says what to do next and this step
 * does it: Stripe's card form; the provider's page for PayMongo, Mercado
 * Pago and Khalti (the provider sends the customer back here, and the server
 * is asked to verify); Razorpay's or Paytm's checkout script in the page,
 * whose answer the server checks. Paid: on to the running order. Failed:
 * back to the checkout with the cart, to pay another way. The customer can
 * also give up and cancel the order (nothing was charged), keeping the cart.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CheckoutFailure, CheckoutResult, PendingPaymentRow, VerifiedGateway } from '../../api/checkout/worker-api.ts';
import { OrderStatus } from '../../api/orders/status.ts';
import type { PaymentState } from '../../api/checkout/payment-entities.ts';
import type { PaymentGatewayId } from '../../api/checkout/payment-limits.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { paymentMethodText } from '../../lib/order-words.ts';
import { useMoney } from '../../ui/use-money.ts';
import { canVerify, isPageUrl, paymentReturnOf, providerPage } from './redirect-checkout.ts';
import { refusalText } from '../../lib/refusal-text.ts';
import { isScriptGateway, useScriptCheckout, type ScriptCheckoutAnswer, type ScriptCheckoutOpener } from './script-checkout.ts';
import { StripeCardForm } from './StripeCardForm.tsx';
import { forgetCheckoutDraft } from './use-checkout-draft.ts';

const { AWAITING_PAYMENT, PAYMENT_FAILED } = OrderStatus;

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
    } else if (state.payment_status === 'FAILED' || state.orderstatus_id === PAYMENT_FAILED) {
      onNotice('paymentFailed');
    } else if (state.orderstatus_id !== AWAITING_PAYMENT) {
      // Placed without this page (processing, settled by the webhook): follow it there.
      void navigate(runningOrderPath(state.unique_order_id), { replace: true });
    }
  };
}

function stillWaiting(state: PaymentState): boolean {
  return state.orderstatus_id === AWAITING_PAYMENT && state.payment_status === 'PENDING';
}

/**
 * What "Check again" asks the server to verify: Paytm, PayMongo and Khalti
 * need nothing from the page, Mercado Pago the payment its return named;
 * null when there is nothing to verify with (then the payment starts again).
 */
function verifiableNow(gateway: PaymentGatewayId, mercadoPagoPayment: string | null): { gateway: VerifiedGateway; paymentId?: string } | null {
  if (gateway === 'PAYTM' || gateway === 'PAYMONGO' || gateway === 'KHALTI') return { gateway };
  if (gateway === 'MERCADOPAGO' && mercadoPagoPayment) return { gateway, paymentId: mercadoPagoPayment };
  return null;
}

interface StepNotice {
  key: TextKey;
  values?: Record<string, string>;
}

interface StepFailure {
  failure: CheckoutFailure;
  /** What "Try again" does: the same call again (an answer from the provider is never dropped), else start over. */
  retry(): void;
}

/** The provider's script in the page: loaded once the step shows it, opened by the customer's tap. */
function ScriptCheckoutButton({
  gateway,
  fields,
  label,
  provider,
  onOpen,
}: {
  gateway: 'RAZORPAY' | 'PAYTM';
  fields: Record<string, string>;
  label: string;
  provider: string;
  onOpen(open: ScriptCheckoutOpener): void;
}) {
  const t = useT();
  const script = useScriptCheckout(gateway, fields);
  if (script.status === 'unavailable') {
    return (
      <div>
        <p className="checkout-problem" role="alert">
          {t('paymentWindowUnavailable', { provider })}
        </p>
        <button type="button" className="button button-ghost" onClick={script.reload}>
          {t('paymentRetry')}
        </button>
      </div>
    );
  }
  if (!script.open) return <Spinner label={t('paymentPreparing')} />;
  const open = script.open;
  return (
    <button type="button" className="button button-primary button-large" onClick={() => onOpen(open)}>
      {label}
    </button>
  );
}

export function PaymentStep({ pending, onNotice }: PaymentStepProps) {
  const t = useT();
  const money = useMoney();
  const worker = useSyncWorker();
  const navigate = useNavigate();
  const location = useLocation();
  const settled = useSettledPayment(onNotice);
  const orderId = pending.uniqueOrderId;
  const gateway = pending.gateway;
  // Back from the provider's page: read once, as the query is dropped when it is handled.
  const [returned, setReturned] = useState(() => paymentReturnOf(location.search, gateway));
  const [checking, setChecking] = useState(returned !== null);
  const [failure, setFailure] = useState<StepFailure | null>(null);
  const [notice, setNotice] = useState<StepNotice | null>(null);
  const [cancelling, setCancelling] = useState<'asking' | 'sending' | null>(null);
  const [attempt, setAttempt] = useState(0);
  // A Mercado Pago payment its return named that is still in process: what "Check again" verifies.
  const [mercadoPagoPayment, setMercadoPagoPayment] = useState<string | null>(null);
  const amount = money(pending.amount);
  const provider = t(paymentMethodText(gateway, 'DELIVERY'));
  const action = pending.state?.action ?? null;

  const startOver = () => setAttempt((n) => n + 1);

  /** A settling call's answer: on to where the payment leads, or stay and say `unfinished` while it still waits. */
  const answered = (result: CheckoutResult<PaymentState>, retry: () => void, unfinished: TextKey) => {
    if (!result.ok) {
      setFailure({ failure: result, retry });
      return;
    }
    settled(result.value);
    if (stillWaiting(result.value)) setNotice({ key: unfinished });
  };

  // Open (or resume) the payment with the gateway; after a return from the provider's page, have it verified first.
  useEffect(() => {
    let current = true;
    const run = async () => {
      let unfinished = false;
      if (returned) {
        // A reload or a later order must not verify this return again.
        if (location.search) void navigate('/checkout', { replace: true });
        if (canVerify(returned)) {
          setChecking(true);
          const result = await worker.verifyGatewayPayment(orderId, returned.gateway, returned.paymentId ?? undefined);
          if (!current) return;
          setChecking(false);
          if (!result.ok) {
            setFailure({ failure: result, retry: startOver });
            return;
          }
          settled(result.value);
          if (!stillWaiting(result.value)) return;
          if (returned.paymentId) {
            // A payment made and still in process: paying again could charge twice, so it is only checked again.
            setReturned(null);
            setMercadoPagoPayment(returned.paymentId);
            return;
          }
        }
        setChecking(false);
        setReturned(null);
        unfinished = true;
      }
      const result = await worker.startPayment(orderId);
      if (!current) return;
      if (!result.ok) {
        setFailure({ failure: result, retry: startOver });
        return;
      }
      settled(result.value);
      // Back unpaid and the provider's page offered again (an answer with no action means it is being paid: the step says so).
      if (unfinished && stillWaiting(result.value) && result.value.action.type !== 'none') setNotice({ key: 'paymentNotCompleted' });
    };
    void run();
    return () => {
      current = false;
    };
    // Once per order and per "try again"; the answer lands in the replica.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, attempt]);

  const confirmStripe = async () => {
    setFailure(null);
    const result = await worker.confirmStripePayment(orderId);
    if (result.ok) settled(result.value);
    else setFailure({ failure: result, retry: startOver });
  };

  const confirmScript = async (finished: ScriptCheckoutAnswer) => {
    setFailure(null);
    setChecking(true);
    const result =
      finished.gateway === 'RAZORPAY'
        ? await worker.processRazorpayPayment(orderId, finished.answer)
        : await worker.verifyGatewayPayment(orderId, 'PAYTM');
    setChecking(false);
    answered(result, () => void confirmScript(finished), 'paymentProcessing');
  };

  const openScript = (open: ScriptCheckoutOpener) => {
    setNotice(null);
    setFailure(null);
    open({
      onFinished: (finished) => void confirmScript(finished),
      onDismissed: (reason) => {
        setNotice(reason ? { key: 'paymentCardFailedWithReason', values: { reason } } : { key: 'paymentNotCompleted' });
        // A Paytm transaction token opens once: the next try gets a fresh one.
        if (gateway === 'PAYTM') startOver();
      },
    });
  };

  const checkAgain = async () => {
    setNotice(null);
    const verifiable = verifiableNow(gateway, mercadoPagoPayment);
    if (!verifiable) {
      startOver();
      return;
    }
    setChecking(true);
    const result = await worker.verifyGatewayPayment(orderId, verifiable.gateway, verifiable.paymentId);
    setChecking(false);
    answered(result, () => void checkAgain(), 'paymentProcessing');
  };

  const cancel = async () => {
    setCancelling('sending');
    const result = await worker.cancelOrder(orderId);
    setCancelling(null);
    if (!result.ok) setFailure({ failure: result, retry: startOver });
  };

  let body;
  if (checking) {
    body = <Spinner label={t('paymentConfirming')} />;
  } else if (failure) {
    body = (
      <div>
        <p className="checkout-problem" role="alert" data-testid="payment-failure">
          {refusalText(failure.failure, { t, money, offlineKey: 'paymentOffline' })}
        </p>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => {
            setFailure(null);
            failure.retry();
          }}
        >
          {t('paymentRetry')}
        </button>
      </div>
    );
  } else if (action?.type === 'stripe_confirm' && action.client_secret && gateway === 'STRIPE') {
    body = (
      <StripeCardForm
        publishableKey={action.fields.publishable_key ?? ''}
        clientSecret={action.client_secret}
        returnUrl={action.fields.return_url ?? window.location.href}
        amount={amount}
        onConfirmed={confirmStripe}
      />
    );
  } else if (action?.type === 'redirect' && isPageUrl(action.url)) {
    const url = action.url;
    // Stripe's redirect (a bank's page) is not Stripe's to name.
    const named = gateway !== 'STRIPE';
    body = (
      <div>
        {named && <p className="checkout-note">{t('paymentLeaveNote', { provider })}</p>}
        <button type="button" className="button button-primary button-large" onClick={() => providerPage.open(url)}>
          {named ? t('paymentContinueTo', { provider }) : t('paymentContinue')}
        </button>
      </div>
    );
  } else if (action?.type === 'checkout_sdk' && isScriptGateway(gateway)) {
    body = (
      <ScriptCheckoutButton
        gateway={gateway}
        fields={action.fields}
        provider={provider}
        label={t('paymentPayWith', { amount, provider })}
        onOpen={openScript}
      />
    );
  } else if (action?.type === 'none' && pending.state && stillWaiting(pending.state)) {
    body = (
      <div>
        <p className="checkout-note" data-testid="payment-processing">
          {t('paymentProcessing')}
        </p>
        <button type="button" className="button button-ghost" onClick={() => void checkAgain()}>
          {t('paymentCheckAgain')}
        </button>
      </div>
    );
  } else if (action && action.type !== 'none') {
    // An action this version of the app cannot carry out (a gateway added to the server since).
    body = <p className="checkout-problem">{t('paymentUnsupported')}</p>;
  } else {
    body = <Spinner label={t(gateway === 'STRIPE' ? 'paymentLoading' : 'paymentPreparing')} />;
  }

  return (
    <section className="checkout-payment-step card" aria-labelledby="payment-step-title" data-testid="payment-step">
      <h2 id="payment-step-title" className="checkout-heading">
        {t('paymentStepTitle', { order: orderId })}
      </h2>
      <p>{t('paymentStepAmount', { amount })}</p>
      {notice && !checking && !failure && (
        <p className="checkout-problem" role="status" data-testid="payment-notice">
          {t(notice.key, notice.values)}
        </p>
      )}
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
