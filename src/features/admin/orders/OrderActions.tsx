/**
 * What a store (or an administrator) can do with an order now, by its
 * state (DESIGN §6): accept a placed order with a preparation time, mark a
 * self-pickup order ready, hand it over, or cancel before pickup with a
 * reason the customer reads. Each move answers the order's new tracking,
 * which the caller merges into its row.
 */
import { useId, useState, type FormEvent } from 'react';
import { MAX_CANCEL_REASON_LENGTH } from '../../../api/orders/limits.ts';
import type { Order, OrderTracking } from '../../../api/orders/entities.ts';
import { FOOD_READY_STATUSES, OrderStatus, isFoodWaiting, canMove, type OrderActor, type OrderStatusCode } from '../../../api/orders/status.ts';
import { useLanguage, useT } from '../../../base/settings-and-language.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import type { ConsoleResult } from '../admin-api.ts';
import { useConsoleCall, useIsAdmin } from '../console-session.tsx';
import { useAnnounce } from '../console-toast.tsx';
import { useFailureText } from '../use-console-query.ts';

/** The preparation times a store picks from when it accepts (minutes). */
export const PREP_MINUTE_CHOICES = [10, 15, 20, 30, 45] as const;
const DEFAULT_PREP_MINUTES = 20;

interface OrderActionsProps {
  order: Order;
  onMoved(tracking: OrderTracking): void;
}

export function OrderActions({ order, onMoved }: OrderActionsProps) {
  const t = useT();
  const call = useConsoleCall();
  const announce = useAnnounce();
  const failureText = useFailureText();
  const isAdmin = useIsAdmin();
  const locale = useLanguage()?.code;
  const prepId = useId();
  const [prepMinutes, setPrepMinutes] = useState<number>(DEFAULT_PREP_MINUTES);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const ref = { unique_order_id: order.unique_order_id };
  const pickup = order.order_type === 'SELFPICKUP';
  // What the buttons offer is what the transition table lets this console user do from the order's state.
  const actor: OrderActor = isAdmin ? 'admin' : 'store';
  const offers = (to: OrderStatusCode) => canMove(order.status, to, actor);
  // A delivery order's food ready at the counter: the driver's cue, a time on the order (server/orders/food-ready.ts).
  const foodReadyOffered = !pickup && (FOOD_READY_STATUSES as readonly number[]).includes(order.status);

  const move = async (run: () => Promise<ConsoleResult<{ changed: boolean; tracking: OrderTracking }>>, done: string) => {
    setBusy(true);
    setProblem(null);
    const result = await run();
    setBusy(false);
    if (!result.ok) return setProblem(failureText(result));
    setCancelling(false);
    onMoved(result.value.tracking);
    announce(done);
  };

  const number = order.unique_order_id;
  return (
    <div className="console-order-actions" data-testid="order-actions">
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      {offers(OrderStatus.PREPARING) && (
        <div className="console-inline-form">
          <label htmlFor={prepId}>{t('consolePrepTime')}</label>
          <select id={prepId} className="form-input console-select" value={prepMinutes} onChange={(event) => setPrepMinutes(Number(event.target.value))}>
            {PREP_MINUTE_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t('consoleMinutesCount', { minutes })}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void move(() => call('accept-order', { ...ref, prep_minutes: prepMinutes }), t('consoleAccepted', { order: number }))}
          >
            {t('consoleAccept')}
          </button>
        </div>
      )}
      {pickup && offers(OrderStatus.READY_FOR_PICKUP) && (
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void move(() => call('mark-order-ready', ref), t('consoleMarkedReady', { order: number }))}
        >
          {t('consoleMarkReady')}
        </button>
      )}
      {foodReadyOffered && !order.food_ready_at && (
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void move(() => call('mark-order-ready', ref), t('consoleFoodMarkedReady', { order: number }))}
        >
          {t('consoleMarkFoodReady')}
        </button>
      )}
      {isFoodWaiting(order) && order.food_ready_at && (
        <p className="form-hint" data-testid="food-ready">
          {t('consoleFoodReadySince', { time: formatDate(order.food_ready_at, locale, true) })}
        </p>
      )}
      {offers(OrderStatus.DELIVERED) && (
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void move(() => call('complete-pickup-order', ref), t('consoleCompleted', { order: number }))}
        >
          {t('consoleCompletePickup')}
        </button>
      )}
      {offers(OrderStatus.CANCELLED) && !cancelling && (
        <button type="button" className="button button-ghost console-danger-text" disabled={busy} onClick={() => setCancelling(true)}>
          {t('consoleCancelOrder')}
        </button>
      )}
      {cancelling && (
        <CancelForm
          busy={busy}
          onCancel={() => setCancelling(false)}
          onSubmit={(reason) => void move(() => call('store-cancel-order', { ...ref, reason }), t('consoleCancelled', { order: number }))}
        />
      )}
    </div>
  );
}

function CancelForm({ busy, onSubmit, onCancel }: { busy: boolean; onSubmit(reason: string): void; onCancel(): void }) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(true);
    onSubmit(reason.trim());
  };
  return (
    <form className="console-cancel-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="form-label">
        {t('consoleCancelReason')}
      </label>
      <textarea
        id={id}
        className="form-input console-textarea"
        rows={2}
        maxLength={MAX_CANCEL_REASON_LENGTH}
        value={reason}
        // The reason is what the customer reads: it gets the focus as soon as the form opens.
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setError(false);
        }}
      />
      {error && (
        <p id={`${id}-error`} className="form-error">
          {t('consoleCancelReasonRequired')}
        </p>
      )}
      <div className="console-form-actions">
        <button type="submit" className="button button-danger" disabled={busy}>
          {t('consoleConfirmCancel')}
        </button>
        <button type="button" className="button button-ghost" disabled={busy} onClick={onCancel}>
          {t('consoleKeepOrder')}
        </button>
      </div>
    </form>
  );
}
