/** Delivery or self pickup (spec §4): a choice only at a store that offers both, else a line saying which. */
import type { OrderType } from '../../api/orders/limits.ts';
import { useT } from '../../base/settings-and-language.tsx';

interface OrderTypeChoiceProps {
  storeName: string;
  allowed: readonly OrderType[];
  value: OrderType;
  onChange(orderType: OrderType): void;
}

export function OrderTypeChoice({ storeName, allowed, value, onChange }: OrderTypeChoiceProps) {
  const t = useT();
  const only = allowed.length === 1;
  return (
    <section className="checkout-section" aria-labelledby="checkout-order-type">
      <h2 id="checkout-order-type" className="checkout-heading">
        {t('homeOrderType')}
      </h2>
      {only ? (
        <p className="checkout-note" data-testid="order-type-only">
          {value === 'DELIVERY' ? t('checkoutDeliveryOnly', { store: storeName }) : t('checkoutPickupOnly', { store: storeName })}
        </p>
      ) : (
        <div className="segmented" role="group" aria-labelledby="checkout-order-type">
          {(['DELIVERY', 'SELFPICKUP'] as const).map((type) => (
            <button key={type} type="button" aria-pressed={value === type} onClick={() => onChange(type)}>
              {type === 'DELIVERY' ? t('homeDelivery') : t('homeSelfPickup')}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
