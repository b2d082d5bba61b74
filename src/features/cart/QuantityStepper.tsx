/** − n + for a quantity: real buttons named for the dish, the number announced as it changes. */
import type { Ref } from 'react';
import { useT } from '../../base/settings-and-language.tsx';

interface QuantityStepperProps {
  /** The dish, for the buttons' names ("Increase quantity of Falafel wrap"). */
  name: string;
  value: number;
  /** The lowest value − goes to: 1 in the item sheet, 0 on a cart line (0 removes it). */
  min: number;
  max: number;
  disabled?: boolean;
  onChange(value: number): void;
  decreaseRef?: Ref<HTMLButtonElement>;
  increaseRef?: Ref<HTMLButtonElement>;
  /** The most an order takes of one dish: at it, + stops and a note says why. */
  cap?: number;
}

export function QuantityStepper({ name, value, min, max, disabled = false, onChange, decreaseRef, increaseRef, cap }: QuantityStepperProps) {
  const t = useT();
  const atCap = cap !== undefined && value >= cap;
  return (
    <>
      <QuantityButtons {...{ name, value, min, max, disabled, onChange, decreaseRef, increaseRef }} />
      {atCap && (
        <p className="quantity-cap-note" role="status" data-testid="quantity-cap">
          {t('quantityCapReached', { max: cap })}
        </p>
      )}
    </>
  );
}

function QuantityButtons({ name, value, min, max, disabled, onChange, decreaseRef, increaseRef }: Required<Omit<QuantityStepperProps, 'cap' | 'decreaseRef' | 'increaseRef'>> & Pick<QuantityStepperProps, 'decreaseRef' | 'increaseRef'>) {
  const t = useT();
  return (
    <div className="quantity-stepper" role="group" aria-label={t('quantityLabel')}>
      <button
        ref={decreaseRef}
        type="button"
        className="stepper-button"
        aria-label={t('quantityDecrease', { name })}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="stepper-value" aria-live="polite">
        <span aria-hidden="true">{value}</span>
        <span className="visually-hidden">{t('quantityOf', { name, count: value })}</span>
      </output>
      <button
        ref={increaseRef}
        type="button"
        className="stepper-button"
        aria-label={t('quantityIncrease', { name })}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
