/**
 * Home's banner while an order of the signed-in customer runs: where it
 * stands, in words, and the way to /running-order/:id. It reads the
 * worker's `runningOrder` rows (check-running-order at boot, the order's
 * live tracking) and asks again when the app comes back to the foreground,
 * or when it opens with a state more than a few minutes old. Loaded lazily
 * after the first paint (MobileHome): the first route has no room for it.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLiveQuery } from '../../db/live-query.ts';
import { SyncResource } from '../../db/schema.ts';
import { Link } from 'react-router-dom';
import { ACTIVE_STATUSES, isStatusIn } from '../../api/orders/status.ts';
import { runningOrderRowOf, type RunningOrderRow } from '../../api/orders/worker-api.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { statusSentence } from '../running-order/order-steps.ts';
import type { OrderType } from '../../api/orders/limits.ts';
import { keepHeightInProperty } from '../../ui/height-property.ts';
import { ForwardIcon } from '../../ui/icons.tsx';
import './running-order-banner.css';

/** A state older than this is asked again when home opens (it may have moved on while the app was elsewhere). */
const STALE_MS = 2 * 60_000;
/** The room kept between the banner and what scrolls under it, in px. */
const BANNER_GAP_PX = 8;

interface BannerView {
  signedIn: boolean;
  /** No running-order check answered since this customer signed in on this device. */
  neverChecked: boolean;
  row: RunningOrderRow | null;
  /** The row is older than STALE_MS, as of when it was read. */
  stale: boolean;
}

/** The signed-in customer's newest running order in the replica. */
function useRunningOrderRow(): BannerView | null {
  const { db } = useServices();
  return useLiveQuery(
    async (): Promise<BannerView> => {
      const session = await db.session.get('customer');
      if (!session) return { signedIn: false, neverChecked: false, row: null, stale: false };
      const checked = await db.syncState.get(SyncResource.runningOrder);
      const rows = (await db.runningOrder.toArray()).map(runningOrderRowOf);
      const running = rows.filter(
        (row): row is RunningOrderRow => row !== null && row.userId === session.userId && isStatusIn(ACTIVE_STATUSES, row.status),
      );
      const row = running.sort((a, b) => b.fetchedAt - a.fetchedAt)[0] ?? null;
      return { signedIn: true, neverChecked: !checked?.fetchedAt, row, stale: row !== null && Date.now() - row.fetchedAt > STALE_MS };
    },
    [db],
    null,
  );
}

export function RunningOrderBanner() {
  const { worker } = useServices();
  const view = useRunningOrderRow();
  const signedIn = view?.signedIn === true;
  const stale = view?.stale === true;
  // Signed in since the app's boot checked (a customer with an order under way signs in): ask now, once.
  const neverChecked = view?.neverChecked === true;

  useEffect(() => {
    if (!signedIn) return;
    if (stale || neverChecked) void worker.checkRunningOrder();
    const backInFront = () => {
      if (document.visibilityState === 'visible') void worker.checkRunningOrder();
    };
    document.addEventListener('visibilitychange', backInFront);
    return () => document.removeEventListener('visibilitychange', backInFront);
  }, [worker, signedIn, stale, neverChecked]);

  const row = view?.row;
  if (!row) return null;
  const orderType = row.tracking?.order_type ?? 'DELIVERY';
  return <BannerLink row={row} orderType={orderType} />;
}

/**
 * One line above the tab bar (issue 32.5: with the cookie card and the tab
 * bar it took half a phone's screen). Its height goes to
 * --order-banner-space, so the page keeps room for it at its end and a
 * control reached with Tab is scrolled clear of it (base.css).
 */
function BannerLink({ row, orderType }: { row: { unique_order_id: string; status: number }; orderType: OrderType }) {
  const t = useT();
  const ref = useRef<HTMLAnchorElement>(null);
  useLayoutEffect(() => (ref.current ? keepHeightInProperty(ref.current, '--order-banner-space', BANNER_GAP_PX) : undefined), []);
  return (
    <Link ref={ref} className="running-order-banner" to={`/running-order/${encodeURIComponent(row.unique_order_id)}`} data-testid="running-order-banner">
      <span className="running-order-banner-text">
        <span className="running-order-banner-status" data-testid="running-order-banner-status">
          {t(statusSentence(row.status, orderType))}
        </span>{' '}
        <span className="running-order-banner-order visually-hidden">{t('runningOrderNumber', { order: row.unique_order_id })}</span>
      </span>{' '}
      {/* The spaces keep the link's name in words ("…your order Order FP-… Track…"); the layout ignores them. */}
      <span className="running-order-banner-action">
        <span className="visually-hidden">{t('runningOrderBannerAction')}</span>
        <ForwardIcon />
      </span>
    </Link>
  );
}
