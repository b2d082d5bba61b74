/**
 * /rate-order/:id: stars for the store (required), an optional comment that
 * shows on the store's reviews, and stars for the driver when one delivered
 * the order; then a thank-you and the way to the store's reviews. Sending
 * needs the network: offline the form says so and keeps what was typed, as
 * it does when a send fails.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { errorTextKey } from '../../api/errors.ts';
import { MAX_RATING_COMMENT_LENGTH } from '../../api/orders/limits.ts';
import type { RatableOrder, RateOrderResult } from '../../api/orders/entities.ts';
import type { SyncFailure } from '../../api/worker-api.ts';
import { useConnectivity } from '../../base/hooks/use-replica-rows.ts';
import { useCustomerSession } from '../../base/hooks/use-session.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FormAlert } from '../../ui/FormField.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { SignInFirst } from '../../ui/SignInFirst.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';
import { isUnreachable } from '../../base/hooks/use-worker-refresh.ts';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { NotFoundScreen } from '../../ui/NotFoundScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import { StarsField } from './StarsField.tsx';
import { ratableFromSaved, useRatableOrder, useSavedOrderFacts, type SavedOrderFacts } from './use-ratable-order.ts';
import '../../ui/form.css';
import './rate-order.css';

export function RateOrderScreen() {
  const { id: uniqueOrderId = '' } = useParams();
  const t = useT();
  const session = useCustomerSession();
  const saved = useSavedOrderFacts(uniqueOrderId);
  const { answer, retry } = useRatableOrder(uniqueOrderId, session != null);
  const title = t('screenRateOrder');

  if (session === undefined) return <ScreenFallback />;
  if (session === null) return <SignInFirst title={title} text={t('rateOrderSignIn')} />;
  if (answer === null || saved === null) return <ScreenFallback />;
  if (answer.ok) return <RatingScreen order={answer.value} />;
  // Offline, a delivered order the replica knows can be rated now and sent later.
  if (isUnreachable(answer) && saved.delivered && saved.order) return <RatingScreen order={ratableFromSaved(saved.order)} />;
  return <NotRatable failure={answer} saved={saved} uniqueOrderId={uniqueOrderId} onRetry={retry} />;
}

function NotRatable({ failure, saved, uniqueOrderId, onRetry }: { failure: SyncFailure; saved: SavedOrderFacts; uniqueOrderId: string; onRetry: () => void }) {
  const t = useT();
  if (isUnreachable(failure)) return <OfflineScreen onRetry={onRetry} />;
  if (!('code' in failure)) return <LoadFailedScreen onRetry={onRetry} />;
  if (failure.code === 'NOT_FOUND') return <NotFoundScreen />;
  const store = saved.order?.restaurant;
  const action =
    failure.code === 'ALREADY_RATED' && store ? (
      <Link className="button button-primary" to={`/reviews/${store.slug}`}>
        {t('rateOrderSeeReviews', { store: store.name })}
      </Link>
    ) : failure.code === 'ORDER_NOT_RATABLE' ? (
      <Link className="button button-primary" to={`/running-order/${encodeURIComponent(uniqueOrderId)}`}>
        {t('rateOrderSeeOrder')}
      </Link>
    ) : undefined;
  return (
    <ScreenShell title={t('screenRateOrder')}>
      <div data-testid="rating-unavailable">
        <EmptyState action={action}>{t(errorTextKey(failure.code))}</EmptyState>
      </div>
    </ScreenShell>
  );
}

function RatingScreen({ order }: { order: RatableOrder }) {
  const t = useT();
  const [rated, setRated] = useState<RateOrderResult | null>(null);
  return (
    <ScreenShell title={t('screenRateOrder')} className="rate-order-screen">
      {rated ? <ThankYou order={order} /> : <RatingForm order={order} onRated={setRated} />}
    </ScreenShell>
  );
}

type Field = 'rating' | 'comment';
const FIELDS: readonly Field[] = ['rating', 'comment'];

function RatingForm({ order, onRated }: { order: RatableOrder; onRated: (result: RateOrderResult) => void }) {
  const t = useT();
  const locale = useLanguage()?.code;
  const { worker } = useServices();
  const { offline } = useConnectivity();
  const form = useFormErrors(FIELDS);
  const [rating, setRating] = useState<number | null>(null);
  const [driverRating, setDriverRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [alreadyRated, setAlreadyRated] = useState(false);
  const store = order.restaurant.name;
  const tooLong = comment.trim().length > MAX_RATING_COMMENT_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = { ...(rating === null ? { rating: 'rateOrderStarsRequired' as const } : {}), ...(tooLong ? { comment: 'rateOrderCommentTooLong' as const } : {}) };
    if (rating === null || tooLong) return form.report(problems);
    const result = await form.send(() => worker.rateOrder({ uniqueOrderId: order.unique_order_id, rating, comment, driverRating: order.driver_name ? driverRating : null }));
    if (result.ok) return onRated(result.value);
    // Whatever went wrong, what was typed stays in the form.
    setAlreadyRated(result.reason === 'conflict' && result.code === 'ALREADY_RATED');
    if (isUnreachable(result)) form.report({}, 'rateOrderOffline');
    else form.reportFailure(result);
  }

  const commentField = form.fieldProps('comment');
  const commentError = form.errors.comment ? t(form.errors.comment, { max: MAX_RATING_COMMENT_LENGTH }) : null;
  return (
    <form className="form card rate-order-form" onSubmit={(event) => void submit(event)} noValidate data-testid="rating-form">
      <div className="rate-order-intro">
        <h2 className="rate-order-question">{t('rateOrderQuestion', { store })}</h2>
        <p className="form-hint">{t('rateOrderDeliveredAt', { order: order.unique_order_id, date: formatDate(order.delivered_at, locale, true) })}</p>
      </div>
      <StarsField
        name="store-rating"
        legend={t('rateOrderStoreLegend', { store })}
        value={rating}
        onChange={(stars) => {
          setRating(stars);
          form.clearField('rating');
        }}
        firstId={form.fieldId('rating')}
        error={form.errors.rating ? t(form.errors.rating) : null}
        testId="store-stars"
      />
      <div className="form-field">
        <label className="form-label" htmlFor={commentField.id}>
          {t('rateOrderComment')}
        </label>
        <textarea
          id={commentField.id}
          className="form-input rate-order-comment"
          rows={4}
          maxLength={MAX_RATING_COMMENT_LENGTH}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            form.clearField('comment');
          }}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={`${commentField.id}-hint ${commentField.id}-count${commentError ? ` ${commentField.id}-error` : ''}`}
        />
        <p id={`${commentField.id}-hint`} className="form-hint">
          {t('rateOrderCommentHint')}
        </p>
        <p id={`${commentField.id}-count`} className={`form-hint rate-order-count${tooLong ? ' is-over' : ''}`} data-testid="comment-count">
          {t('rateOrderCommentCount', { count: comment.length, max: MAX_RATING_COMMENT_LENGTH })}
        </p>
        {commentError && (
          <p id={`${commentField.id}-error`} className="form-error">
            {commentError}
          </p>
        )}
      </div>
      {order.driver_name && (
        <StarsField
          name="driver-rating"
          legend={t('rateOrderDriverLegend', { driver: order.driver_name })}
          value={driverRating}
          onChange={setDriverRating}
          firstId={`${form.fieldId('rating')}-driver`}
          testId="driver-stars"
        />
      )}
      {offline && (
        <p className="form-note rate-order-offline" data-testid="rating-offline">
          {t('rateOrderOffline')}
        </p>
      )}
      <FormAlert message={form.formError} bind={form.bindAlert} />
      {alreadyRated && (
        <Link to={`/reviews/${order.restaurant.slug}`}>{t('rateOrderSeeReviews', { store })}</Link>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary button-large" disabled={form.sending}>
          {form.sending ? t('rateOrderSending') : t('rateOrderSend')}
        </button>
      </div>
    </form>
  );
}

function ThankYou({ order }: { order: RatableOrder }) {
  const t = useT();
  // The form is gone: the focus goes to what replaced it, so a screen reader hears the thanks.
  const heading = useRef<HTMLHeadingElement | null>(null);
  return (
    <section className="card rate-order-thanks" data-testid="rating-thanks">
      <h2
        ref={(element) => {
          if (element && heading.current !== element) element.focus();
          heading.current = element;
        }}
        tabIndex={-1}
        className="rate-order-question"
      >
        {t('rateOrderThanks')}
      </h2>
      <p>{t('rateOrderThanksBody', { store: order.restaurant.name })}</p>
      <Link className="button button-primary" to={`/reviews/${order.restaurant.slug}`} data-testid="reviews-link">
        {t('rateOrderSeeReviews', { store: order.restaurant.name })}
      </Link>
    </section>
  );
}
