/**
 * /admin/live-orders: the store's board. New orders come in live (or every
 * few seconds without the stream), play a short sound and stay highlighted
 * until someone acts on them; each column holds the orders at one step:
 * new, being prepared, ready or with a driver, and those just finished.
 */
import { useCallback, useState } from 'react';
import type { Order } from '../../../api/orders/entities.ts';
import { OrderStatus } from '../../../api/orders/status.ts';
import type { TextKey } from '../../../api/language/texts.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { SwitchField } from '../console-fields.tsx';
import { useAnnounce } from '../console-toast.tsx';
import { SectionHeader } from '../console-ui.tsx';
import { OrderCard, withTracking } from '../orders/OrderCard.tsx';
import { useOrderSound } from './new-order-sound.ts';
import { FINISHED_STATUSES, startOfToday, useStoreOrderFeed, type FeedMode } from './use-store-order-feed.ts';
import { useMoney } from '../../../ui/use-money.ts';

interface Column {
  title: TextKey;
  statuses: readonly number[];
  /** Only the orders finished today (a board left open overnight starts the day empty). */
  today?: true;
}

const COLUMNS: readonly Column[] = [
  { title: 'consoleColumnNew', statuses: [OrderStatus.PLACED] },
  { title: 'consoleColumnPreparing', statuses: [OrderStatus.PREPARING] },
  { title: 'consoleColumnReady', statuses: [OrderStatus.READY_FOR_PICKUP, OrderStatus.DRIVER_ASSIGNED, OrderStatus.PICKED_UP] },
  { title: 'consoleColumnDone', statuses: FINISHED_STATUSES, today: true },
];

/** Today at the stores on the board: orders placed (not cancelled), and what the delivered or collected ones took. */
export function todayFigures(orders: readonly Order[], since: Date): { orders: number; sales: number } {
  const from = since.toISOString();
  const placedToday = orders.filter((order) => order.created_at >= from && order.status !== OrderStatus.CANCELLED && order.status !== OrderStatus.AWAITING_PAYMENT && order.status !== OrderStatus.PAYMENT_FAILED);
  const completedToday = orders.filter((order) => order.status === OrderStatus.DELIVERED && order.updated_at >= from);
  return { orders: placedToday.length, sales: completedToday.reduce((sum, order) => sum + order.total, 0) };
}

const MODE_TEXT: Record<FeedMode, TextKey> = {
  connecting: 'consoleFeedConnecting',
  live: 'consoleFeedLive',
  polling: 'consoleFeedPolling',
};

export default function LiveOrdersSection() {
  const t = useT();
  const announce = useAnnounce();
  const sound = useOrderSound();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const { play } = sound;
  const onNewOrder = useCallback(
    (order: Order) => {
      setFresh((current) => new Set(current).add(order.unique_order_id));
      play();
      announce(t('consoleNewOrderArrived', { order: order.unique_order_id, store: order.restaurant.name }));
    },
    [announce, play, t],
  );
  const feed = useStoreOrderFeed(onNewOrder);
  const money = useMoney();
  const today = startOfToday();
  const figures = todayFigures(feed.orders, today);

  return (
    <>
      <SectionHeader title={t('consoleLiveOrders')} intro={t('consoleLiveOrdersIntro')}>
        <p className="console-feed-mode" data-mode={feed.mode} data-testid="feed-mode">
          {t(MODE_TEXT[feed.mode])}
        </p>
        <SwitchField id="order-sound" label={t('consoleOrderSound')} checked={!sound.muted} onChange={(on) => sound.setMuted(!on)} />
      </SectionHeader>
      {!sound.muted && !sound.ready && <p className="console-note">{t('consoleSoundNeedsClick')}</p>}
      {feed.failed && (
        <p className="form-alert" role="alert">
          {t('consoleFeedFailed')}
        </p>
      )}
      <p className="console-today" data-testid="today-figures">
        {t('consoleTodayFigures', { orders: figures.orders, sales: money(figures.sales) })}
      </p>
      <div className="console-board">
        {COLUMNS.map((column) => {
          const inColumn = feed.orders.filter((order) => column.statuses.includes(order.status) && (!column.today || order.updated_at >= today.toISOString()));
          return (
            <section key={column.title} className="console-board-column" aria-label={t(column.title)} data-testid={`column-${column.title}`}>
              <h2>
                {t(column.title)} <span className="console-count">{inColumn.length}</span>
              </h2>
              {inColumn.length === 0 && <p className="form-hint">{t('consoleColumnEmpty')}</p>}
              {inColumn.map((order) => (
                <OrderCard
                  key={order.unique_order_id}
                  order={order}
                  highlighted={fresh.has(order.unique_order_id) && order.status === OrderStatus.PLACED}
                  onMoved={(tracking) => feed.update(withTracking(order, tracking))}
                />
              ))}
            </section>
          );
        })}
      </div>
    </>
  );
}
