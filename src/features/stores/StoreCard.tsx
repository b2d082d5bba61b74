/**
 * Spec §2 store card: image, name, description, the custom list message, 'not
 * active' when the store is inactive, a featured ribbon, rating, delivery time
 * (or distance for self pickup) and the price for two. The whole card links
 * to the store page.
 */
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_STORE_TAG_COLOR, type OrderTypePreference } from '../../api/constants.ts';
import type { StoreRow } from '../../db/schema.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { readableTextOn } from '../../lib/contrast.ts';
import { storePath } from '../../lib/store-paths.ts';
import { displayRating } from './store-facts.ts';
import { useMoney } from '../../ui/use-money.ts';
import './store-card.css';
import { sizedImageProps } from '../../api/sized-images.ts';

export interface StoreCardProps {
  store: StoreRow;
  orderType: OrderTypePreference;
  /** The card's name is a heading one level below the list's own: 3 under a section's h2, 2 right under a screen's h1. */
  headingLevel?: 2 | 3;
}

export function StoreCard({ store, orderType, headingLevel = 3 }: StoreCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  const money = useMoney();
  const tagColor = store.store_color || DEFAULT_STORE_TAG_COLOR;
  const style = { '--store-tag': tagColor, '--on-store-tag': readableTextOn(tagColor) } as CSSProperties;
  const rating = displayRating(store);
  const selfPickup = orderType === 'SELFPICKUP';
  return (
    <Link
      to={storePath(store)}
      className={`store-card${store.is_active ? '' : ' store-card-inactive'}`}
      style={style}
      data-testid="store-card"
    >
      <div className="store-card-media">
        {store.image ? <img src={store.image} {...sizedImageProps(store.image, 96)} alt="" width={96} height={96} loading="lazy" decoding="async" /> : <span className="store-card-noimage" />}
        {store.is_featured && (
          <span className="store-card-ribbon" data-testid="store-card-ribbon">
            {store.custom_featured_name || t('storeFeatured')}
          </span>
        )}
      </div>
      <div className="store-card-body">
        <Heading className="store-card-name">{store.name}</Heading>
        {store.description && <p className="store-card-description">{store.description}</p>}
        {store.custom_message_on_list && (
          <p className="store-card-message" data-testid="store-card-message">
            {store.custom_message_on_list}
          </p>
        )}
        {!store.is_active && (
          <p className="store-card-inactive-note" data-testid="store-card-inactive">
            {t('storeNotActive')}
          </p>
        )}
        <p className="store-card-facts">
          <span className="store-card-rating" aria-label={rating ? t('storeRating', { rating }) : undefined}>
            <span aria-hidden="true">★ </span>
            {rating ?? t('storeNoRating')}
          </span>
          <span className="store-card-time" data-testid="store-card-time">
            {selfPickup
              ? store.distance != null && t('storeDistanceKm', { km: store.distance.toFixed(1) })
              : t('storeMinutes', { minutes: store.delivery_time })}
          </span>
          <span className="store-card-price" data-testid="store-card-price">
            {t('storePriceForTwo', { price: money(store.price_range) })}
          </span>
        </p>
      </div>
    </Link>
  );
}
