/**
 * /delivery: the driver's day at a glance: on or off duty, their orders on
 * the way and delivered, their money, what waits for the network, and
 * signing out. Read from the replica (offline with its age), refreshed in
 * the background.
 */
import { Link, useNavigate } from 'react-router-dom';
import type { DriverProfileRow } from '../../api/driver/worker-api.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { DRIVER_COMPLETED_PATH, DRIVER_LOGIN_PATH, DRIVER_ORDERS_PATH } from './driver-paths.ts';
import { DriverShell } from './DriverShell.tsx';
import { useSignedInDriver } from './DriverLayout.tsx';
import { DutySwitch } from './DutySwitch.tsx';
import { NotYetLoaded } from './NotYetLoaded.tsx';
import { PendingActions } from './PendingActions.tsx';
import { useBackgroundRefresh } from './use-background-refresh.ts';
import { isActiveDelivery, useDriverOutbox } from './use-driver-rows.ts';

export function DriverHomeScreen() {
  const t = useT();
  const worker = useSyncWorker();
  const navigate = useNavigate();
  const view = useSignedInDriver();
  const waiting = useDriverOutbox(view.driver.userId);
  const { result, retry } = useBackgroundRefresh(`driver:${view.driver.userId}`, () => worker.refreshDriver(), true);

  const signOut = async () => {
    await worker.driverLogout();
    navigate(DRIVER_LOGIN_PATH, { replace: true });
  };

  if (!view.profile) return <NotYetLoaded result={result} onRetry={retry} />;
  return (
    <DriverShell title={t('screenDeliveryHome')} topLevel>
      <SavedNote fetchedAt={view.profile.fetchedAt} />
      <p className="driver-greeting">{t('driverGreeting', { name: view.driver.name || view.profile.name })}</p>
      <DutySwitch profile={view.profile} />
      <section className="card" aria-labelledby="driver-orders-title">
        <h2 id="driver-orders-title" className="card-title">
          {t('driverOrdersTitle')}
        </h2>
        <ul className="driver-figures">
          <li>
            <Link className="driver-figure" to={DRIVER_ORDERS_PATH} data-testid="driver-ongoing">
              <span className="driver-figure-label">{t('driverOngoingOrders')}</span>
              <span className="driver-figure-value">{view.mine.filter(isActiveDelivery).length}</span>
            </Link>
          </li>
          <li>
            <Link className="driver-figure" to={DRIVER_COMPLETED_PATH} data-testid="driver-completed">
              <span className="driver-figure-label">{t('driverCompletedOrders')}</span>
              <span className="driver-figure-value">{view.profile.completed_orders}</span>
            </Link>
          </li>
        </ul>
      </section>
      <DriverMoney profile={view.profile} />
      <PendingActions entries={waiting} />
      <button type="button" className="button button-ghost driver-sign-out" onClick={() => void signOut()}>
        {t('signOut')}
      </button>
    </DriverShell>
  );
}

function DriverMoney({ profile }: { profile: DriverProfileRow }) {
  const t = useT();
  const money = useMoney();
  const figures = [
    { label: t('driverWalletBalance'), amount: profile.wallet_balance, testId: 'driver-wallet' },
    { label: t('driverEarningsToday'), amount: profile.earnings_today, testId: 'driver-earnings-today' },
    { label: t('driverEarningsTotal'), amount: profile.earnings_total, testId: 'driver-earnings-total' },
    { label: t('driverCashInHand'), amount: profile.cash_in_hand, testId: 'driver-cash-in-hand' },
  ];
  return (
    <section className="card" aria-labelledby="driver-money-title">
      <h2 id="driver-money-title" className="card-title">
        {t('driverMoneyTitle')}
      </h2>
      <dl className="driver-figures">
        {figures.map((figure) => (
          <div key={figure.testId} className="driver-figure" data-testid={figure.testId}>
            <dt className="driver-figure-label">{figure.label}</dt>
            <dd className="driver-figure-value driver-amount">{money(figure.amount)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
