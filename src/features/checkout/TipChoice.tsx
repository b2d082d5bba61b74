/** A tip for the driver (only while tips are on, for a delivery): none, a share of the subtotal, or an amount typed. */
import { useId } from 'react';
import { MAX_TIP } from '../../api/orders/limits.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { TIP_PERCENTS } from './checkout-choices.ts';
import type { TipChoice as Tip } from './use-checkout-draft.ts';

interface TipChoiceProps {
  value: Tip;
  subtotal: number;
  error: TextKey | null;
  onChange(tip: Tip): void;
}

export function TipChoice({ value, subtotal, error, onChange }: TipChoiceProps) {
  const t = useT();
  const money = useMoney();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const isPercent = (percent: number) => value.kind === 'percent' && value.percent === percent;
  return (
    <section className="checkout-section" aria-labelledby="checkout-tip">
      <h2 id="checkout-tip" className="checkout-heading">
        {t('checkoutTip')}
      </h2>
      <div className="checkout-chips" role="group" aria-labelledby="checkout-tip" data-testid="tip-choice">
        <button type="button" className="checkout-chip" aria-pressed={value.kind === 'none'} onClick={() => onChange({ kind: 'none' })}>
          {t('checkoutTipNone')}
        </button>
        {TIP_PERCENTS.map((percent) => (
          <button
            key={percent}
            type="button"
            className="checkout-chip"
            aria-pressed={isPercent(percent)}
            onClick={() => onChange({ kind: 'percent', percent })}
          >
            {t('checkoutTipPercent', { percent, amount: money(Math.min(MAX_TIP, Math.round((subtotal * percent) / 100))) })}
          </button>
        ))}
        <button
          type="button"
          className="checkout-chip"
          aria-pressed={value.kind === 'custom'}
          onClick={() => onChange({ kind: 'custom', text: value.kind === 'custom' ? value.text : '' })}
        >
          {t('checkoutTipCustom')}
        </button>
      </div>
      {value.kind === 'custom' && (
        <div className="form-field">
          <label className="form-label" htmlFor={inputId}>
            {t('checkoutTipAmount')}
          </label>
          <input
            id={inputId}
            className="form-input checkout-tip-input"
            inputMode="decimal"
            autoComplete="off"
            value={value.text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onChange({ kind: 'custom', text: event.target.value })}
          />
          {error && (
            <p id={errorId} className="form-error">
              {t(error, { amount: money(MAX_TIP) })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
