/**
 * /alerts: the signed-in customer's alerts, newest first. Unread ones are
 * marked for the eye and for screen readers; a tap marks one read (at once,
 * also offline: the worker queues it) and opens its link if it has one.
 */
import { useNavigate } from 'react-router-dom';
import { alertLink } from '../../api/push.ts';
import type { CustomerAlertRow } from '../../db/schema.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { isUnreachable, useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import { PushPrompt } from './PushPrompt.tsx';
import { useCustomerAlerts } from './use-alerts.ts';
import './alerts.css';
import { SignInFirst } from '../../ui/SignInFirst.tsx';

function AlertItem({ alert, onOpen }: { alert: CustomerAlertRow; onOpen: (alert: CustomerAlertRow) => void }) {
  const t = useT();
  const locale = useLanguage()?.code;
  const unread = alert.is_read === 0;
  return (
    <li className={`alert-item${unread ? ' alert-item--unread' : ''}`} data-testid="alert-item" data-unread={unread}>
      <button type="button" className="alert-button" onClick={() => onOpen(alert)}>
        <span className="alert-dot" aria-hidden="true" />
        <span className="alert-text">
          {/* The spaces keep the button's accessible name readable; a grid drops them from the layout. */}
          {unread && <span className="visually-hidden">{t('alertUnread')}:</span>}{' '}
          <span className="alert-title">{alert.title}</span>{' '}
          <span className="alert-message">{alert.message}</span>{' '}
          <time className="alert-time" dateTime={alert.created_at}>
            {formatDate(alert.created_at, locale, true)}
          </time>
        </span>
      </button>
    </li>
  );
}

export function AlertsScreen() {
  const t = useT();
  const navigate = useNavigate();
  const { worker } = useServices();
  const view = useCustomerAlerts();
  const { result, retry } = useWorkerRefresh(`alerts:${view?.userId ?? ''}`, () => worker.refreshAlerts(), view?.signedIn === true);
  const title = t('screenAlerts');

  if (view === null) return <ScreenFallback />;
  if (!view.signedIn) {
    return <SignInFirst title={title} text={t('alertsSignIn')} topLevel />;
  }
  // Never fetched on this device, and the answer is not in yet or failed.
  if (view.fetchedAt === null && view.alerts.length === 0) {
    if (result === null) return <ScreenFallback />;
    if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
    if (!result.ok) return <LoadFailedScreen onRetry={retry} />;
  }

  const open = (alert: CustomerAlertRow) => {
    if (alert.is_read === 0) void worker.markAlertRead(alert.id);
    const link = alertLink(alert.data);
    if (link) navigate(link);
  };

  return (
    <ScreenShell title={title} topLevel className="alerts-screen">
      <PushPrompt userId={view.userId as number} />
      <SavedNote fetchedAt={view.fetchedAt} />
      {view.alerts.length === 0 ? (
        <EmptyState>{t('alertsEmpty')}</EmptyState>
      ) : (
        <>
          <div className="alerts-toolbar">
            <p className="alerts-count" data-testid="alerts-unread-count">
              {view.unread > 0 ? t('unreadAlertsBadge', { count: view.unread }) : t('alertsAllRead')}
            </p>
            <button
              type="button"
              className="button button-ghost"
              disabled={view.unread === 0}
              onClick={() => void worker.markAllAlertsRead()}
            >
              {t('alertsMarkAllRead')}
            </button>
          </div>
          <ul className="alert-list" aria-label={t('alertsListLabel')}>
            {view.alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} onOpen={open} />
            ))}
          </ul>
        </>
      )}
    </ScreenShell>
  );
}
