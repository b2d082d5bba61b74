/**
 * /reviews/:slug: a store's reviews, newest first, with their average. It
 * shows from the replica at once and asks the worker to refresh it. Never
 * opened here and offline → the offline screen; an unknown store → not found.
 */
import { useMemo } from 'react';
import { useLiveQuery } from '../../db/live-query.ts';
import { Link, useParams } from 'react-router-dom';
import type { Review } from '../../api/entities.ts';
import type { ReviewsRow } from '../../db/schema.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { storePath } from '../../lib/store-paths.ts';
import { isUnreachable, useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { NotFoundScreen } from '../../ui/NotFoundScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import './reviews.css';

const MAX_STARS = 5;

/** null while the replica is read; undefined when it holds no reviews for the slug. */
function useSavedReviews(slug: string): ReviewsRow | null | undefined {
  const { db } = useServices();
  return useLiveQuery(() => db.reviews.get(slug), [db, slug], null);
}

export function ReviewsScreen() {
  const { slug = '' } = useParams();
  const { worker } = useServices();
  const saved = useSavedReviews(slug);
  const { result, retry } = useWorkerRefresh(`reviews:${slug}`, () => worker.openReviews(slug));

  if (saved) return <ReviewsPage reviews={saved} />;
  if (saved === null || result === null) return <ScreenFallback />;
  if (!result.ok && result.reason === 'invalid' && result.code === 'NOT_FOUND') return <NotFoundScreen />;
  if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
  // ok with no row cannot last: the worker wrote the reviews before answering.
  if (result.ok) return <ScreenFallback />;
  return <LoadFailedScreen onRetry={retry} />;
}

function ReviewsPage({ reviews }: { reviews: ReviewsRow }) {
  const t = useT();
  const languageCode = useLanguage()?.code || 'en';
  const dateFormat = useMemo(() => safeDateFormat(languageCode), [languageCode]);
  const { restaurant, avgRating, reviews_count: count } = reviews;
  return (
    <ScreenShell title={t('screenReviews')} className="reviews-screen">
      <SavedNote fetchedAt={reviews.fetchedAt} testId="reviews-updated" />
      <section className="reviews-summary card" data-testid="reviews-summary">
        <h2 className="reviews-store">
          <Link to={storePath(restaurant)} data-testid="reviews-store-link">
            {restaurant.name}
          </Link>
        </h2>
        {count > 0 && (
          <p className="reviews-average">
            <span aria-hidden="true">★ </span>
            <span className="reviews-average-value" data-testid="reviews-average">
              {t('reviewsAverage', { rating: avgRating.toFixed(1) })}
            </span>
            {' · '}
            <span data-testid="reviews-count">{count === 1 ? t('reviewsCountOne') : t('reviewsCount', { count })}</span>
          </p>
        )}
      </section>
      {reviews.reviews.length === 0 ? (
        <EmptyState>{t('reviewsEmpty')}</EmptyState>
      ) : (
        <ul className="reviews-list" data-testid="reviews-list">
          {reviews.reviews.map((review) => (
            <ReviewCard key={review.id} review={review} dateFormat={dateFormat} />
          ))}
        </ul>
      )}
    </ScreenShell>
  );
}

function ReviewCard({ review, dateFormat }: { review: Review; dateFormat: Intl.DateTimeFormat }) {
  const t = useT();
  const rating = Math.max(0, Math.min(MAX_STARS, Math.round(review.rating)));
  const date = new Date(review.created_at);
  return (
    <li className="review card" data-testid="review">
      <div className="review-head">
        <span className="review-author">{review.user_name}</span>
        <span className="review-stars" role="img" aria-label={t('reviewStars', { rating })}>
          {'★'.repeat(rating) + '☆'.repeat(MAX_STARS - rating)}
        </span>
      </div>
      {review.comment && <p className="review-comment">{review.comment}</p>}
      {!Number.isNaN(date.getTime()) && (
        <time className="review-date" dateTime={review.created_at}>
          {dateFormat.format(date)}
        </time>
      )}
    </li>
  );
}

/** A language code the browser does not know falls back to English rather than throwing. */
function safeDateFormat(code: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
  try {
    return new Intl.DateTimeFormat(code, options);
  } catch {
    return new Intl.DateTimeFormat('en', options);
  }
}
