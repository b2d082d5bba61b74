/**
 * "Cancel order" while the store has not accepted it (or its card payment is
 * still pending), behind a question that says what comes back: the wallet
 * part and a card payment go back to the wallet, redeemed points come back,
 * the coupon can be used again. Online only: the store must hear it now.
 */
import { useState } from 'react';
import type { CheckoutFailure, StoredOrder } from '../../api/checkout/worker-api.ts';
import { isPaymentGatewayId } from '../../api/checkout/payment-limits.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { refusalText } from '../../lib/refusal-text.ts';
import { useMoney } from '../../ui/use-money.ts';

/** What a cancel gives back to the wallet, as the server settles it (lifecycle-settlement.ts). */
export function walletRefundOf(order: Pick<StoredOrder, 'wallet_amount' | 'payable_amount' | 'payment_mode' | 'payment_status'>): number {
  const paidOnline = isPaymentGatewayId(order.payment_mode) && order.payment_status === 'PAID' ? order.payable_amount : 0;
  return order.wallet_amount + paidOnline;
}

export function CancelOrder({ order }: { order: StoredOrder }) {
  const t = useT();
  const money = useMoney();
  const worker = useSyncWorker();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const refund = walletRefundOf(order);

  const cancel = async () => {
    setSending(true);
    setFailure(null);
    const result = await worker.cancelOrder(order.unique_order_id);
    setSending(false);
    setAsking(false);
    if (!result.ok) setFailure(result);
  };

  return (
    <div className="order-cancel">
      {failure && (
        <p className="orders-problem" role="alert" data-testid="cancel-error">
          {refusalText(failure, { t, money, offlineKey: 'orderCancelOffline' })}
        </p>
      )}
      <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
        {t('orderCancel')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('orderCancelTitle', { order: order.unique_order_id })}
          confirmLabel={sending ? t('orderCancelling') : t('orderCancel')}
          cancelLabel={t('orderCancelKeep')}
          busy={sending}
          onConfirm={() => void cancel()}
          onCancel={() => setAsking(false)}
        >
          <p>{t('orderCancelBody')}</p>
          <ul className="order-cancel-refund" data-testid="cancel-refund">
            {refund > 0 ? <li>{t('orderCancelRefundWallet', { amount: money(refund) })}</li> : <li>{t('orderCancelNothingCharged')}</li>}
            {order.loyalty_points_redeemed > 0 && <li>{t('orderCancelRefundPoints', { points: order.loyalty_points_redeemed })}</li>}
            {order.coupon_code && <li>{t('orderCancelCouponBack', { code: order.coupon_code })}</li>}
          </ul>
        </ConfirmDialog>
      )}
    </div>
  );
}
