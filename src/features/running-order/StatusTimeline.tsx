/**
 * The order's steps, oldest first, each with its time: the current one is
 * marked (aria-current="step"), steps to come say so to screen readers, and
 * a cancellation or a failed payment closes the list in red.
 */
import type { OrderType } from '../../api/orders/limits.ts';
import { STOPPED_STATUSES, isStatusIn } from '../../api/orders/status.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { stepTimeText, timelineOf, type HistoryStep } from './order-steps.ts';

export function StatusTimeline({ orderType, status, history }: { orderType: OrderType; status: number; history: readonly HistoryStep[] }) {
  const t = useT();
  const locale = useLanguage()?.code;
  const steps = timelineOf(orderType, status, history);
  return (
    <section className="card order-progress" aria-labelledby="order-progress-title">
      <h2 id="order-progress-title" className="card-title">
        {t('runningOrderProgress')}
      </h2>
      <ol className="order-timeline" data-testid="order-timeline">
        {steps.map((step) => (
          <li
            key={step.status}
            className={`order-step is-${step.state}${isStatusIn(STOPPED_STATUSES, step.status) ? ' is-stop' : ''}`}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-testid="order-step"
            data-state={step.state}
          >
            <span className="order-step-mark" aria-hidden="true" />
            <span className="order-step-label">{t(step.label)}</span>
            {step.at ? (
              <time className="order-step-time" dateTime={step.at}>
                {stepTimeText(step.at, locale)}
              </time>
            ) : (
              <span className="visually-hidden">{t('runningOrderStepNotYet')}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
