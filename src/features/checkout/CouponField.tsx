/**
 * The coupon (spec §3 coupon and coupon error): a code checked by the
 * server against this cart and customer (apply-coupon). Applied, it shows
 * what it takes off; refused, why, in words (expired, minimum subtotal,
 * wrong store, used up). The coupon lives in cartMeta, so it stays with the
 * cart across reloads.
 */
import { useState, type FormEvent } from 'react';
import type { CartCoupon, CheckoutChoices, CheckoutFailure } from '../../api/checkout/worker-api.ts';
import { errorTextKey } from '../../api/errors.ts';
import { MAX_COUPON_CODE_LENGTH } from '../../api/orders/limits.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { refusalText } from '../../lib/refusal-text.ts';

interface CouponFieldProps {
  coupon: CartCoupon | null;
  couponError: string | null;
  /** What the coupon takes off the latest price (the server's quote), when applied. */
  discount: number | null;
  choices: CheckoutChoices;
}

export function CouponField({ coupon, couponError, discount, choices }: CouponFieldProps) {
  const t = useT();
  const money = useMoney();
  const worker = useSyncWorker();
  // Until the customer types, the field shows the cart's refused coupon (a reload, a coupon the cart outgrew).
  const [typed, setTyped] = useState<string | null>(null);
  const code = typed ?? (coupon && !coupon.applied ? coupon.code : '');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || code.trim() === '') return;
    setSending(true);
    setFailure(null);
    const result = await worker.applyCoupon(code, choices);
    setSending(false);
    if (result.ok) setTyped(null);
    // A coupon refusal is in cartMeta.couponError (the cart keeps it); anything else is said here.
    if (!result.ok && !('code' in result && result.code.startsWith('COUPON_'))) setFailure(result);
  };

  const remove = async () => {
    setFailure(null);
    setTyped(null);
    await worker.removeCoupon();
  };

  if (coupon?.applied) {
    return (
      <section className="checkout-section" aria-labelledby="checkout-coupon">
        <h2 id="checkout-coupon" className="checkout-heading">
          {t('checkoutCoupon')}
        </h2>
        <div className="checkout-coupon-applied" data-testid="coupon-applied">
          <p>
            <strong>{t('checkoutCouponApplied', { code: coupon.applied.code, amount: money(discount ?? coupon.applied.discount) })}</strong>
          </p>
          {coupon.applied.description && <p className="checkout-note">{coupon.applied.description}</p>}
          <button type="button" className="button button-ghost" onClick={() => void remove()}>
            {t('checkoutCouponRemove')}
          </button>
        </div>
      </section>
    );
  }

  let error: string | null = null;
  if (failure) error = refusalText(failure, { t, money, offlineKey: 'checkoutCouponOffline' });
  else if (couponError && coupon && coupon.code.toLowerCase() === code.trim().toLowerCase()) {
    error = t(errorTextKey(couponError), { amount: money(coupon.minSubtotal ?? 0) });
  }

  return (
    <section className="checkout-section" aria-labelledby="checkout-coupon">
      <h2 id="checkout-coupon" className="checkout-heading">
        {t('checkoutCoupon')}
      </h2>
      <form className="checkout-coupon-form" onSubmit={(event) => void apply(event)} noValidate>
        <FormField
          id="checkout-coupon-code"
          label={t('checkoutCouponCode')}
          value={code}
          maxLength={MAX_COUPON_CODE_LENGTH}
          autoCapitalize="characters"
          autoComplete="off"
          error={error}
          onChange={(event) => {
            setTyped(event.target.value);
            setFailure(null);
          }}
        />
        <button type="submit" className="button button-ghost" disabled={sending || code.trim() === ''}>
          {sending ? t('checkoutCouponApplying') : t('checkoutCouponApply')}
        </button>
      </form>
    </section>
  );
}
