/** What was ordered and what it costs, from the order as placed (read-only here). */
import type { Order } from '../../api/orders/entities.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { PriceBreakdown } from '../orders/PriceBreakdown.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { deliveryAddressText } from '../../lib/order-words.ts';

export function OrderSummary({ order }: { order: Order }) {
  const t = useT();
  const money = useMoney();
  return (
    <section className="card order-summary" aria-labelledby="order-summary-title" data-testid="order-summary">
      <h2 id="order-summary-title" className="card-title">
        {t('runningOrderItems')}
      </h2>
      <ul className="order-summary-lines">
        {order.lines.map((line, index) => (
          <li key={`${line.item_id ?? 'gone'}-${index}`} className="order-summary-line" data-testid="order-line">
            <span className="order-summary-name">
              <span>
                <span className="order-summary-quantity">{line.quantity} ×</span> {line.name}
              </span>
              {line.addons.length > 0 && <span className="order-summary-addons">{line.addons.map((addon) => addon.name).join(', ')}</span>}
            </span>
            <span className="price">{money(line.line_total)}</span>
          </li>
        ))}
      </ul>
      <div data-testid="order-total">
        <PriceBreakdown price={order} orderType={order.order_type} couponCode={order.coupon_code} />
      </div>
      {order.order_type === 'DELIVERY' && order.address && (
        <p className="order-summary-address" data-testid="order-address">
          {t(deliveryAddressText(order.status))}: <bdi>{[order.house, order.address].filter(Boolean).join(', ')}</bdi>
        </p>
      )}
    </section>
  );
}
