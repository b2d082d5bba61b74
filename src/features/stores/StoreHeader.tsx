/** The store page's header: image, name, rating (to the reviews), time, open/closed, delivers-here, favourite. */
import { Link } from 'react-router-dom';
import type { OrderTypePreference } from '../../api/constants.ts';
import type { StoreRow } from '../../db/schema.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { displayRating } from './store-facts.ts';
import { useFavouriteState } from './store-page-rows.ts';
import { useMoney } from '../../ui/use-money.ts';

export function StoreHeader({ store, orderType }: { store: StoreRow; orderType: OrderTypePreference }) {
  const t = useT();
  const money = useMoney();
  const rating = displayRating(store);
  const delivers = (store as { delivers_to_location?: unknown }).delivers_to_location;
  return (
    <section className="store-header card" data-testid="store-header">
      {store.image && <img className="store-header-image" src={store.image} alt="" width={640} height={360} fetchPriority="high" decoding="async" />}
      <div className="store-header-top">
        <div className="store-header-titles">
          <h2 className="store-header-name" dir="auto">
            {store.name}
          </h2>
          {store.description && (
            <p className="store-header-description" dir="auto">
              {store.description}
            </p>
          )}
        </div>
        <FavouriteButton storeId={store.id} />
      </div>
      {store.custom_message_on_list && (
        <p className="store-header-message" dir="auto">
          {store.custom_message_on_list}
        </p>
      )}
      {!store.is_active && (
        <p className="store-header-inactive" data-testid="store-inactive">
          {t('storeNotActive')}
        </p>
      )}
      <ul className="store-header-facts">
        <li>
          <Link to={`/reviews/${encodeURIComponent(store.slug)}`} className="store-header-rating" data-testid="store-rating">
            <span aria-hidden="true">★ </span>
            {rating ?? t('storeNoRating')}
            {store.reviews_count > 0 && <span className="store-header-reviews"> · {t('storeReviewsLink', { count: store.reviews_count })}</span>}
          </Link>
        </li>
        <li data-testid="store-time">
          {orderType === 'SELFPICKUP' && store.distance != null
            ? t('storeDistanceKm', { km: store.distance.toFixed(1) })
            : t('storeMinutes', { minutes: store.delivery_time })}
        </li>
        <li>{t('storePriceForTwo', { price: money(store.price_range) })}</li>
        {/* A store that takes no orders is not "open now", whatever its hours say: the note above says so once. */}
        {store.is_active && (
          <li className={store.is_open ? 'store-open' : 'store-closed'} data-testid="store-open">
            {store.is_open ? t('storeOpenNow') : t('storeClosedNow')}
          </li>
        )}
        {typeof delivers === 'boolean' && (
          <li className={delivers ? 'store-open' : 'store-closed'} data-testid="store-delivers">
            {delivers ? t('storeDeliversHere') : t('storeNotDeliversHere')}
          </li>
        )}
      </ul>
    </section>
  );
}

function FavouriteButton({ storeId }: { storeId: number }) {
  const t = useT();
  const { worker } = useServices();
  const { signedIn, isFavourite, pending } = useFavouriteState(storeId);
  if (!signedIn) return null;
  return (
    <div className="store-favourite">
      <button
        type="button"
        className={`icon-button store-favourite-button${isFavourite ? ' is-favourite' : ''}`}
        aria-pressed={isFavourite}
        aria-label={isFavourite ? t('favouriteRemove') : t('favouriteAdd')}
        data-testid="favourite-toggle"
        onClick={() => void worker.toggleFavourite(storeId)}
      >
        <HeartIcon filled={isFavourite} />
      </button>
      {pending && (
        <span className="store-favourite-pending" data-testid="favourite-pending">
          {t('favouriteWaiting')}
        </span>
      )}
    </div>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"
      fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </svg>
  );
}
