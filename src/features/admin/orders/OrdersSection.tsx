/**
 * /admin/orders: every order (a store owner: their stores'), newest first,
 * filtered by store, state, a part of the order number and the days placed,
 * each with what can be done with it now.
 */
import { useState } from 'react';
import { ADMIN_PAGE_SIZE } from '../../../api/admin/limits.ts';
import type { Order } from '../../../api/orders/entities.ts';
import { OrderStatus } from '../../../api/orders/status.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { orderStatusText } from '../../../lib/order-words.ts';
import { SelectField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { QueryView, SearchBox, SectionHeader } from '../console-ui.tsx';
import { useConsoleQuery, useFailureText } from '../use-console-query.ts';
import { LoadMore, useMorePages } from '../use-more-pages.tsx';
import { useDebounced } from '../use-debounced.ts';
import { storeChoicesOf, useStoreChoices } from '../use-store-choices.ts';
import { OrderCard, withTracking } from './OrderCard.tsx';

const STATUSES = Object.values(OrderStatus);

export default function OrdersSection() {
  const t = useT();
  const call = useConsoleCall();
  const failureText = useFailureText();
  const stores = storeChoicesOf(useStoreChoices());
  const [storeId, setStoreId] = useState('');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const q = useDebounced(search.trim());
  const filters = {
    limit: ADMIN_PAGE_SIZE,
    ...(storeId ? { restaurant_id: Number(storeId) } : {}),
    ...(status ? { status: [Number(status)] } : {}),
    ...(q ? { q } : {}),
    ...(from ? { from } : {}),
    // "to" is exclusive on the server: the day chosen is included.
    ...(to ? { to: nextDay(to) } : {}),
  };
  const filterKey = JSON.stringify(filters);
  const query = useConsoleQuery('admin/get-orders', filters);
  const more = useMorePages<Order>(filterKey, async (before) => {
    const result = await call('admin/get-orders', { ...filters, before });
    return result.ok ? { rows: result.value.orders, next: result.value.next_before } : { error: failureText(result) };
  });
  // Moves made here, by order number, over whatever page the order came in.
  const [moved, setMoved] = useState<Record<string, Order>>({});

  return (
    <>
      <SectionHeader title={t('consoleOrders')} intro={t('consoleOrdersIntro')} />
      <div className="console-toolbar console-filters">
        <SearchBox label={t('consoleSearchOrders')} value={search} onChange={setSearch} />
        <SelectField
          id="orders-store"
          label={t('consoleStore')}
          value={storeId}
          choices={[{ value: '', label: t('consoleAllStores') }, ...stores.map((store) => ({ value: String(store.id), label: store.name }))]}
          onChange={(event) => setStoreId(event.target.value)}
        />
        <SelectField
          id="orders-status"
          label={t('consoleState')}
          value={status}
          choices={[
            { value: '', label: t('consoleAllStates') },
            ...STATUSES.map((code) => ({ value: String(code), label: t(orderStatusText(code, 'DELIVERY')) })),
          ]}
          onChange={(event) => setStatus(event.target.value)}
        />
        <label className="form-field">
          <span className="form-label">{t('consoleFromDay')}</span>
          <input type="date" className="form-input" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="form-field">
          <span className="form-label">{t('consoleToDay')}</span>
          <input type="date" className="form-input" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      <QueryView state={query.state} reload={query.reload}>
        {(page) => {
          const orders = [...page.orders, ...more.rows].map((order) => moved[order.unique_order_id] ?? order);
          const next = more.nextAfter(page.next_before);
          return (
            <>
              {orders.length === 0 && <p className="console-card">{t('consoleNoOrders')}</p>}
              <div className="console-order-grid">
                {orders.map((order) => (
                  <OrderCard
                    key={order.unique_order_id}
                    order={order}
                    headingLevel={2}
                    onMoved={(tracking) => setMoved((current) => ({ ...current, [order.unique_order_id]: withTracking(order, tracking) }))}
                  />
                ))}
              </div>
              <LoadMore pages={more} next={next} />
            </>
          );
        }}
      </QueryView>
    </>
  );
}

/** '2024-05-01' → '2024-05-02' (dates as the date input gives them, compared as UTC days by the server). */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
