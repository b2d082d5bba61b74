/**
 * Spec §2 home store list: the delivery / self-pickup toggle (only when enSPU),
 * the store count, the category slider and the other promo sliders inserted at
 * their positions, a skeleton while nothing is known, and the store cards.
 * The list is the replica's; the worker refreshes it for the address and
 * order type, and a toggle refreshes the other list.
 */
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_ORDER_TYPE, type OrderTypePreference } from '../../api/constants.ts';
import { numberOr } from '../../api/settings/values.ts';
import type { StoreRow } from '../../db/schema.ts';
import { pointKey } from '../../db/keys.ts';
import { useSettings, useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { StoreCard } from '../stores/StoreCard.tsx';
import { isUnreachable, useWorkerRefresh, type RefreshOutcome } from '../../base/hooks/use-worker-refresh.ts';
import { CategorySliderSlot, offersLabel, PromoSliderSlot } from './slider-slots.tsx';
import { useCategorySlides, useHomeStores } from './home-rows.ts';
import type { HomeSliders } from './home-shapes.ts';
import { useHomeSnapshotWriter } from './use-home-snapshot-writer.ts';

const SKELETON_CARDS = 4;

/** What sits between the stores: `after` stores come before it (slots past the end go last). */
export interface ListInsert {
  after: number;
  key: string;
  node: ReactNode;
}

/** The stores with the inserts placed among them, in order. */
export function placeInserts(stores: readonly StoreRow[], inserts: readonly ListInsert[], render: (store: StoreRow) => ReactNode) {
  const sorted = [...inserts].sort((a, b) => a.after - b.after);
  const out: ReactNode[] = [];
  let next = 0;
  stores.forEach((store, index) => {
    for (; next < sorted.length && sorted[next]!.after <= index; next += 1) out.push(<li key={sorted[next]!.key}>{sorted[next]!.node}</li>);
    out.push(<Fragment key={store.id}>{render(store)}</Fragment>);
  });
  for (; next < sorted.length; next += 1) out.push(<li key={sorted[next]!.key}>{sorted[next]!.node}</li>);
  return out;
}

/** `sliders`: all of them; the main ones sit above the list, where MobileHome shows them. */
export function HomeStoreList({ sliders }: { sliders: HomeSliders }) {
  const t = useT();
  const settings = useSettings();
  const worker = useSyncWorker();
  const home = useHomeStores();
  const address = home?.address;
  const orderType = home?.orderType ?? DEFAULT_ORDER_TYPE;
  const saved = home?.saved;
  const categorySlides = useCategorySlides();
  useHomeSnapshotWriter(home, sliders, categorySlides);
  const refresh = useWorkerRefresh(address ? pointKey(address) : '', () => worker.refreshHome(), !!address);
  const [switched, setSwitched] = useState<{ to: OrderTypePreference; result: RefreshOutcome | null } | null>(null);

  const choose = (to: OrderTypePreference) => {
    if (to === orderType) return;
    setSwitched({ to, result: null });
    void worker.setOrderType(to).then((answer) => {
      const result: RefreshOutcome = answer.ok ? { ok: true } : answer;
      setSwitched((now) => (now?.to === to ? { to, result } : now));
    });
  };
  const outcome = switched?.to === orderType ? switched.result : refresh.result;
  const retry = () => (switched ? choose(orderType) : refresh.retry());

  // Numbered after the main sliders above the list: every landmark has its own name.
  const inserts: ListInsert[] = (settings.on('showPromoSlider') ? sliders.other : []).map((slider, index) => ({
    after: slider.position,
    key: `promo-${slider.id}`,
    node: <PromoSliderSlot slider={slider} label={offersLabel(t, sliders.main.length + index)} />,
  }));
  if (settings.on('enRestaurantCategorySlider') && categorySlides.length > 0) {
    // Position 1 is the top of the list, 2 after the first store, and so on.
    const after = Math.max(0, numberOr(settings.get('restaurantCategorySliderPosition'), 1) - 1);
    inserts.push({ after, key: 'categories', node: <CategorySliderSlot slides={categorySlides} /> });
  }

  if (address === null) {
    return (
      <EmptyState
        action={
          <Link className="button button-primary" to="/search-location">
            {t('chooseLocation')}
          </Link>
        }
      >
        {t('needAddress')}
      </EmptyState>
    );
  }

  let body: ReactNode;
  if (saved) {
    const shown = saved.stores.length;
    const count = home.storeCount ?? shown;
    body = (
      <>
        <SavedNote fetchedAt={saved.list.fetchedAt} />
        <p className="store-count" data-testid="store-count">
          {count === 1 ? t('homeStoreCountOne') : t('homeStoreCount', { count })}
        </p>
        {count === 0 && (
          <EmptyState
            action={
              <Link className="button" to="/search-location">
                {t('chooseLocation')}
              </Link>
            }
          >
            {orderType === 'SELFPICKUP' ? t('homeNoPickupStores') : t('homeNoStores')}
          </EmptyState>
        )}
        <ul className="store-card-list" data-testid="home-store-list">
          {/* Only the first stores (a snapshot): what sits further down waits for them. */}
          {placeInserts(saved.stores, count === 0 ? [] : inserts.filter((insert) => count === shown || insert.after <= shown), (store) => (
            <li className="home-store">
              <StoreCard store={store} orderType={orderType} />
            </li>
          ))}
        </ul>
      </>
    );
  } else if (home && outcome && !outcome.ok) {
    body = (
      <EmptyState
        action={
          <button type="button" className="button button-primary" onClick={retry}>
            {t('retry')}
          </button>
        }
      >
        {isUnreachable(outcome) ? settings.get('offlineSubTitleMessage') : t('homeStoresFailed')}
      </EmptyState>
    );
  } else {
    body = (
      <ul className="store-card-list" aria-busy="true" aria-label={t('loading')} data-testid="store-list-skeleton">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index} className="store-card skeleton-card" />
        ))}
      </ul>
    );
  }

  return (
    <>
      {settings.on('enSPU') && <OrderTypeToggle value={orderType} onChange={choose} />}
      {body}
    </>
  );
}

function OrderTypeToggle({ value, onChange }: { value: OrderTypePreference; onChange: (to: OrderTypePreference) => void }) {
  const t = useT();
  const option = (type: OrderTypePreference, label: string) => (
    <button type="button" className="order-type-option" aria-pressed={value === type} onClick={() => onChange(type)}>
      {label}
    </button>
  );
  return (
    <div className="order-type-toggle" role="group" aria-label={t('homeOrderType')} data-testid="order-type-toggle">
      {option('DELIVERY', t('homeDelivery'))}
      {option('SELFPICKUP', t('homeSelfPickup'))}
    </div>
  );
}
