/**
 * The server's price of an order, part by part (src/api/orders/entities.ts
 * PriceBreakdown): what the checkout is about to charge and what an order
 * cost. Parts that are zero are left out, except the delivery fee of a
 * delivery ("Free" says it on purpose).
 */
import type { PriceBreakdown as Price } from '../../api/orders/entities.ts';
import type { OrderType } from '../../api/orders/limits.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useMoney } from '../../ui/use-money.ts';
import './price-breakdown.css';

interface PriceBreakdownProps {
  price: Price;
  orderType: OrderType;
  couponCode: string | null;
  /** Store to address, km (the checkout's quote knows it). */
  distanceKm?: number | null;
}

interface Row {
  id: string;
  label: string;
  amount: string;
  strong?: boolean;
}

export function PriceBreakdown({ price, orderType, couponCode, distanceKm = null }: PriceBreakdownProps) {
  const t = useT();
  const money = useMoney();
  const minus = (amount: number) => money(-amount);
  const rows: Row[] = [{ id: 'subtotal', label: t('priceSubtotal'), amount: money(price.subtotal) }];
  if (price.store_charge > 0) rows.push({ id: 'store-charge', label: t('priceStoreCharge'), amount: money(price.store_charge) });
  if (orderType === 'DELIVERY') {
    const label = distanceKm === null ? t('priceDeliveryFee') : t('priceDeliveryFeeDistance', { km: distanceKm });
    rows.push({ id: 'delivery-fee', label, amount: price.delivery_fee === 0 ? t('priceFree') : money(price.delivery_fee) });
  }
  if (price.tax > 0) rows.push({ id: 'tax', label: t('priceTax'), amount: money(price.tax) });
  if (price.tip > 0) rows.push({ id: 'tip', label: t('priceTip'), amount: money(price.tip) });
  if (price.coupon_discount > 0) {
    const label = couponCode ? t('priceCouponCode', { code: couponCode }) : t('priceCoupon');
    rows.push({ id: 'coupon', label, amount: minus(price.coupon_discount) });
  }
  if (price.loyalty_discount > 0) {
    rows.push({ id: 'loyalty', label: t('priceLoyalty', { points: price.loyalty_points_redeemed }), amount: minus(price.loyalty_discount) });
  }
  rows.push({ id: 'total', label: t('priceTotal'), amount: money(price.total), strong: true });
  if (price.wallet_amount > 0) {
    rows.push({ id: 'wallet', label: t('priceWallet'), amount: minus(price.wallet_amount) });
    rows.push({ id: 'to-pay', label: t('priceToPay'), amount: money(price.payable_amount), strong: true });
  }
  return (
    <dl className="price-breakdown" data-testid="price-breakdown">
      {rows.map((row) => (
        <div key={row.id} className={`price-row${row.strong ? ' is-strong' : ''}`} data-testid={`price-${row.id}`}>
          <dt>{row.label}</dt>
          <dd>{row.amount}</dd>
        </div>
      ))}
    </dl>
  );
}
