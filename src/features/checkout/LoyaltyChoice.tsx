/**
 * Loyalty points (spec §3 loyalty: points, redeemed, redeemedPoints) with
 * their rules in words: what the customer holds and what it is worth, what a
 * point takes off, the minimum and the share of the subtotal points may pay,
 * and what this order earns. The choice is kept in cartMeta.loyalty; the
 * server's next quote prices it.
 */
import { useId, useState } from 'react';
import type { ErrorCode } from '../../api/errors.ts';
import { errorTextKey } from '../../api/errors.ts';
import type { LoyaltySummary } from '../../api/orders/entities.ts';
import { MINOR_UNITS_PER_CURRENCY_UNIT } from '../../api/orders/limits.ts';
import type { CartMetaRow } from '../../db/schema.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { useMoney } from '../../ui/use-money.ts';

interface LoyaltyChoiceProps {
  summary: LoyaltySummary;
  redemption: CartMetaRow['loyalty'];
  /** Why the server left the chosen points out of the last price. */
  dropped: ErrorCode | null;
}

/** "100 points take $1.00 off" when a whole currency unit takes whole points, else what one point takes. */
function rate(pointValue: number): { points: number; value: number } {
  if (pointValue > 0 && MINOR_UNITS_PER_CURRENCY_UNIT % pointValue === 0) {
    return { points: MINOR_UNITS_PER_CURRENCY_UNIT / pointValue, value: MINOR_UNITS_PER_CURRENCY_UNIT };
  }
  return { points: 1, value: pointValue };
}

export function LoyaltyChoice({ summary, redemption, dropped }: LoyaltyChoiceProps) {
  const t = useT();
  const money = useMoney();
  const worker = useSyncWorker();
  const inputId = useId();
  const redeemed = redemption?.redeemed === true;
  const [typed, setTyped] = useState<string | null>(null);
  const canRedeem = summary.max_redeemable_points >= summary.min_redeem_points && summary.max_redeemable_points > 0;
  const perUnit = rate(summary.point_value);
  const points = typed ?? String(redeemed ? redemption.redeemedPoints : summary.max_redeemable_points);
  const typedPoints = Number(points);
  const inRange = Number.isInteger(typedPoints) && typedPoints >= summary.min_redeem_points && typedPoints <= summary.max_redeemable_points;

  const toggle = (use: boolean) => {
    setTyped(null);
    void worker.setLoyaltyRedemption(use ? summary.max_redeemable_points : 0);
  };
  const change = (text: string) => {
    setTyped(text);
    const value = Number(text);
    if (Number.isInteger(value) && value >= summary.min_redeem_points && value <= summary.max_redeemable_points) {
      void worker.setLoyaltyRedemption(value);
    }
  };

  return (
    <section className="checkout-section" aria-labelledby="checkout-loyalty" data-testid="loyalty-choice">
      <h2 id="checkout-loyalty" className="checkout-heading">
        {t('checkoutLoyalty')}
      </h2>
      <p>{t('checkoutLoyaltyHeld', { points: summary.points, value: money(summary.points * summary.point_value) })}</p>
      <p className="checkout-note">
        {t('checkoutLoyaltyRules', {
          points: perUnit.points,
          value: money(perUnit.value),
          min: summary.min_redeem_points,
          percent: summary.max_redeem_percent,
        })}
      </p>
      {summary.points_to_earn > 0 && <p className="checkout-note">{t('checkoutLoyaltyEarn', { points: summary.points_to_earn })}</p>}
      {canRedeem ? (
        <>
          <label className="checkout-check">
            <input type="checkbox" checked={redeemed} onChange={(event) => toggle(event.target.checked)} />
            <span>{t('checkoutLoyaltyUse', { points: summary.max_redeemable_points })}</span>
          </label>
          {redeemed && (
            <div className="form-field">
              <label className="form-label" htmlFor={inputId}>
                {t('checkoutLoyaltyPoints')}
              </label>
              <input
                id={inputId}
                className="form-input checkout-points-input"
                type="number"
                inputMode="numeric"
                min={summary.min_redeem_points}
                max={summary.max_redeemable_points}
                step={1}
                value={points}
                aria-invalid={inRange ? undefined : true}
                aria-describedby={`${inputId}-hint`}
                onChange={(event) => change(event.target.value)}
              />
              <p id={`${inputId}-hint`} className={inRange ? 'form-hint' : 'form-error'}>
                {t('checkoutLoyaltyRange', { min: summary.min_redeem_points, max: summary.max_redeemable_points })}
              </p>
            </div>
          )}
        </>
      ) : (
        summary.points > 0 && <p className="checkout-note">{t('checkoutLoyaltyNotEnough', { min: summary.min_redeem_points })}</p>
      )}
      {dropped && (
        <p className="checkout-problem" role="alert">
          {t(errorTextKey(dropped))}
        </p>
      )}
    </section>
  );
}
