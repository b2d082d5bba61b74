/**
 * One order as a store needs it: its number, state, when it came in, how it
 * leaves (delivery or pickup), what is in it, the notes, the money, and what
 * can be done with it now. A new order is highlighted until looked at.
 */
import type { Order, OrderTracking } from '../../../api/orders/entities.ts';
import { IN_KITCHEN_STATUSES, isStatusIn } from '../../../api/orders/status.ts';
import { useLanguage, useT } from '../../../base/settings-and-language.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { deliveryAddressText, orderStatusText, paymentMethodText, paymentStatusText } from '../../../lib/order-words.ts';
import { useMoney } from '../../../ui/use-money.ts';
import { PhoneLink } from '../../../ui/PhoneLink.tsx';
import { Pill } from '../console-ui.tsx';
import { useIsAdmin } from '../console-session.tsx';
import { AssignDriver } from './AssignDriver.tsx';
import { OrderActions } from './OrderActions.tsx';

interface OrderCardProps {
  order: Order;
  highlighted?: boolean;
  onMoved(tracking: OrderTracking): void;
  /** 3 under a board column's h2 (live orders), 2 right under the page's h1 (the orders list). */
  headingLevel?: 2 | 3;
}

export function OrderCard({ order, highlighted = false, onMoved, headingLevel = 3 }: OrderCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  const money = useMoney();
  const locale = useLanguage()?.code;
  const pickup = order.order_type === 'SELFPICKUP';
  const isAdmin = useIsAdmin();
  return (
    <article
      className="console-card console-order"
      data-new={highlighted || undefined}
      data-testid="console-order"
      data-order={order.unique_order_id}
      aria-labelledby={`order-${order.id}-title`}
    >
      <header className="console-order-head">
        <Heading id={`order-${order.id}-title`}>
          {t('orderNumber', { order: order.unique_order_id })} {highlighted && <Pill tone="brand">{t('consoleNewOrder')}</Pill>}
        </Heading>
        <p className="console-order-status" data-testid="console-order-status">
          {t(orderStatusText(order.status, order.order_type))}
        </p>
      </header>
      <p className="form-hint">
        {order.restaurant.name} · {t(pickup ? 'orderPickup' : 'consoleDelivery')} · {formatDate(order.created_at, locale, true)}
      </p>
      <ul className="console-order-lines">
        {order.lines.map((line, index) => (
          <li key={index}>
            <span>
              {line.quantity} × {line.name}
              {line.addons.length > 0 && <span className="form-hint"> ({line.addons.map((addon) => addon.name).join(', ')})</span>}
            </span>
            <span>{money(line.line_total)}</span>
          </li>
        ))}
      </ul>
      {order.notes && (
        <p className="console-order-notes">
          <strong>{t('orderNotes')}:</strong> {order.notes}
        </p>
      )}
      {order.customer && (
        <p className="console-order-customer" data-testid="console-order-customer">
          <span>{t('consoleOrderCustomer', { name: order.customer.name })}</span>{' '}
          {order.customer.phone && <PhoneLink phone={order.customer.phone} name={order.customer.name} />}
        </p>
      )}
      {!pickup && order.address && (
        <p className="form-hint">
          {t(deliveryAddressText(order.status))}: <bdi>{[order.house, order.address].filter(Boolean).join(', ')}</bdi>
        </p>
      )}
      <p>
        <strong>{t('priceTotal')}: {money(order.total)}</strong> ·{' '}
        {t('orderPaymentLine', {
          mode: t(paymentMethodText(order.payment_mode, order.order_type)),
          status: t(paymentStatusText(order.payment_status)),
        })}
      </p>
      {order.estimated_ready_at && isStatusIn(IN_KITCHEN_STATUSES, order.status) && (
        <p className="form-hint">{t('consoleReadyBy', { time: formatDate(order.estimated_ready_at, locale, true) })}</p>
      )}
      {order.cancel_reason && <p className="form-hint">{t('orderCancelReason', { reason: order.cancel_reason })}</p>}
      {!pickup && order.driver && (
        <p className="form-hint" data-testid="console-order-driver">
          {t('consoleOrderDriver', { name: order.driver.name })}
        </p>
      )}
      <OrderActions order={order} onMoved={onMoved} />
      {isAdmin && !pickup && isStatusIn(IN_KITCHEN_STATUSES, order.status) && <AssignDriver order={order} onMoved={onMoved} />}
    </article>
  );
}

/** An order with a move's answer merged in (tracking has the order's own field names). */
export function withTracking(order: Order, tracking: OrderTracking): Order {
  return { ...order, ...tracking, estimated_ready_at: tracking.estimated_ready_at ?? order.estimated_ready_at ?? null };
}
