/**
 * How the customer pays, from the ways get-payment-gateways offers (kept in
 * the replica, so they show offline): cash, the wallet for the whole order
 * when it holds enough, a card; with cash, the wallet can pay first and cash
 * the rest (the partial wallet payment).
 */
import { useId } from 'react';
import type { OrderQuote } from '../../api/orders/entities.ts';
import type { OrderType, PaymentMode } from '../../api/orders/limits.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { paymentMethodText } from '../../lib/order-words.ts';

interface PaymentChoiceProps {
  modes: readonly PaymentMode[];
  value: PaymentMode | null;
  orderType: OrderType;
  /** The server's price, with the customer's wallet balance (null until priced). */
  quote: OrderQuote | null;
  walletFirst: boolean;
  onChange(mode: PaymentMode): void;
  onWalletFirst(use: boolean): void;
}

export function PaymentChoice({ modes, value, orderType, quote, walletFirst, onChange, onWalletFirst }: PaymentChoiceProps) {
  const t = useT();
  const money = useMoney();
  const name = useId();
  const balance = quote?.wallet_balance ?? null;
  const walletShort = quote !== null && balance !== null && balance < quote.total;
  const walletOffered = modes.includes('WALLET');

  return (
    <section className="checkout-section" aria-labelledby="checkout-payment">
      <h2 id="checkout-payment" className="checkout-heading">
        {t('checkoutPayment')}
      </h2>
      {modes.length === 0 ? (
        <p className="checkout-problem" role="alert">
          {t('checkoutNoPaymentMethods')}
        </p>
      ) : (
        <div className="checkout-options" role="radiogroup" aria-labelledby="checkout-payment">
          {modes.map((mode) => {
            const disabled = mode === 'WALLET' && walletShort;
            return (
              <label key={mode} className={`checkout-option${disabled ? ' is-disabled' : ''}`} data-testid={`payment-${mode}`}>
                <input type="radio" name={name} value={mode} checked={value === mode} disabled={disabled} onChange={() => onChange(mode)} />
                <span className="checkout-option-text">
                  <span className="checkout-option-name">{t(paymentMethodText(mode, orderType))}</span>
                  {mode === 'WALLET' && balance !== null && (
                    <span className="checkout-option-hint">
                      {walletShort && quote ? t('checkoutWalletShort', { balance: money(balance), total: money(quote.total) }) : t('checkoutWalletBalance', { amount: money(balance) })}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      )}
      {value === 'COD' && walletOffered && balance !== null && balance > 0 && quote && (
        <label className="checkout-check" data-testid="wallet-first">
          <input type="checkbox" checked={walletFirst} onChange={(event) => onWalletFirst(event.target.checked)} />
          <span>{t('checkoutUseWallet', { amount: money(Math.min(balance, quote.total)) })}</span>
        </label>
      )}
      {value === 'COD' && walletFirst && quote && quote.wallet_amount > 0 && quote.payable_amount > 0 && (
        <p className="checkout-note" data-testid="cash-rest">
          {t(orderType === 'DELIVERY' ? 'checkoutCashRest' : 'checkoutCashRestPickup', { amount: money(quote.payable_amount) })}
        </p>
      )}
    </section>
  );
}
