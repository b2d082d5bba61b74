/**
 * One delivery order for its driver: a refusal first (in words, with "Got
 * it"), where it stands and the next step, the cash to collect, then the
 * store, the customer (once the order is theirs), the address with a map
 * and directions, the items and the notes.
 */
import { useState } from 'react';
import type { DriverOrderRow } from '../../api/driver/worker-api.ts';
import { OrderStatus, isFoodWaiting } from '../../api/orders/status.ts';
import { useConnectivity } from '../../base/hooks/use-replica-rows.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { useSyncWorker } from '../../base/services.tsx';
import { paymentMethodText, paymentStatusText } from '../../lib/order-words.ts';
import { DeliveryMap } from '../running-order/DeliveryMap.tsx';
import { distanceText } from '../../lib/map-geometry.ts';
import { PhoneLink } from '../../ui/PhoneLink.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { directionsUrl, driverStatusText } from './driver-words.ts';
import { DriverOrderAction, DriverSteps } from './DriverOrderAction.tsx';

export function DriverOrderDetail({ order }: { order: DriverOrderRow }) {
  const t = useT();
  const money = useMoney();
  const locale = useLanguage()?.code;
  const cashOnDelivery = order.payment_mode === 'COD' && order.cash_to_collect > 0;
  const open = order.status !== OrderStatus.DELIVERED && order.status !== OrderStatus.CANCELLED;
  return (
    <div className="driver-order-detail" data-testid="driver-order-detail">
      {order.rejection && <RejectionNotice uniqueOrderId={order.unique_order_id} words={order.rejection.words} />}
      <SavedNote fetchedAt={order.fetchedAt} />
      <section className="card" aria-labelledby="driver-order-status">
        <p className="driver-order-id">{t('orderNumber', { order: order.unique_order_id })}</p>
        <h2 id="driver-order-status" className="driver-order-now" data-testid="driver-order-status">
          {t(driverStatusText(order.status))}
        </h2>
        {isFoodWaiting(order) && order.food_ready_at && (
          <p className="driver-food-ready" data-testid="driver-food-ready">
            {t('driverFoodReadySince', { time: formatDate(order.food_ready_at, locale, true) })}
          </p>
        )}
        <DriverSteps order={order} />
        {open && cashOnDelivery && (
          <p className="driver-collect" data-testid="driver-collect">
            <span>{t('driverCollectLabel')}</span>
            <strong className="driver-amount">{money(order.cash_to_collect)}</strong>
          </p>
        )}
        {order.status !== OrderStatus.CANCELLED && (
          <p className="driver-earning-line" data-testid="driver-earning">
            {t('driverEarning', { amount: money(order.earning) })}
          </p>
        )}
        {open && <DriverOrderAction key={order.status} order={order} />}
      </section>

      <section className="card" aria-labelledby="driver-store-title">
        <h2 id="driver-store-title" className="card-title">
          {t('driverStore')}
        </h2>
        <p className="driver-party-name">{order.restaurant.name}</p>
        {order.restaurant.address && <p>{order.restaurant.address}</p>}
        {order.restaurant.phone && <PhoneLink className="button button-ghost driver-phone" phone={order.restaurant.phone} name={order.restaurant.name} />}
      </section>

      {order.customer && (
        <section className="card" aria-labelledby="driver-customer-title" data-testid="driver-customer">
          <h2 id="driver-customer-title" className="card-title">
            {t('driverCustomer')}
          </h2>
          <p className="driver-party-name">{order.customer.name}</p>
          {order.customer.phone && <PhoneLink className="button button-ghost driver-phone" phone={order.customer.phone} name={order.customer.name} />}
        </section>
      )}

      <DeliverTo order={order} />

      <section className="card" aria-labelledby="driver-items-title">
        <h2 id="driver-items-title" className="card-title">
          {t('driverItems')}
        </h2>
        <ul className="driver-lines">
          {order.lines.map((line, index) => (
            <li key={`${line.item_id ?? 'gone'}-${index}`} data-testid="driver-line">
              <span className="driver-line-name">{t('checkoutLine', { quantity: line.quantity, name: line.name })}</span>
              {line.addons.length > 0 && <span className="driver-muted">{line.addons.map((addon) => addon.name).join(', ')}</span>}
            </li>
          ))}
        </ul>
        {order.notes && (
          <>
            <h3 className="driver-subtitle">{t('orderNotes')}</h3>
            <p className="driver-notes" data-testid="driver-notes">
              {order.notes}
            </p>
          </>
        )}
        <h3 className="driver-subtitle">{t('orderPayment')}</h3>
        <p data-testid="driver-payment">
          {t('orderPaymentLine', { mode: t(paymentMethodText(order.payment_mode, 'DELIVERY')), status: t(paymentStatusText(order.payment_status)) })}
          {' · '}
          {t('driverOrderTotal', { amount: money(order.total) })}
        </p>
      </section>
    </div>
  );
}

function DeliverTo({ order }: { order: DriverOrderRow }) {
  const t = useT();
  const { offline } = useConnectivity();
  const address = { latitude: order.latitude, longitude: order.longitude };
  const store = { latitude: order.restaurant.latitude, longitude: order.restaurant.longitude };
  const distance = distanceText(order.distance_km, t);
  return (
    <section className="card" aria-labelledby="driver-address-title">
      <h2 id="driver-address-title" className="card-title">
        {t('driverDeliverTo')}
      </h2>
      <p data-testid="driver-address">{[order.house, order.address].filter(Boolean).join(', ')}</p>
      <p className="driver-muted">{t('driverDistance', { distance })}</p>
      <DeliveryMap
        store={store}
        address={address}
        driver={null}
        heading={null}
        title={t('driverMapTitle')}
        addressLabel={t('driverMapAddress')}
        description={t('driverMapDescription', { distance })}
      />
      {!offline && (
        <a className="button button-ghost" href={directionsUrl(order.latitude, order.longitude)} target="_blank" rel="noopener noreferrer" data-testid="driver-directions">
          {t('driverDirections')}
        </a>
      )}
    </section>
  );
}

/** A step the server refused (the order was cancelled, another driver took it, a wrong PIN), until the driver has read it. */
function RejectionNotice({ uniqueOrderId, words }: { uniqueOrderId: string; words: string }) {
  const t = useT();
  const worker = useSyncWorker();
  const [closing, setClosing] = useState(false);
  return (
    <div className="driver-rejection" role="alert" data-testid="driver-rejection">
      <p>{words}</p>
      <button
        type="button"
        className="button button-primary"
        disabled={closing}
        onClick={() => {
          setClosing(true);
          void worker.dismissDriverRejection(uniqueOrderId).finally(() => setClosing(false));
        }}
      >
        {t('driverGotIt')}
      </button>
    </div>
  );
}
