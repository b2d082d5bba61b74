/**
 * Every driver page but the sign-in: a driver not signed in is sent to
 * /delivery/login (and brought back after). Signed in, the pages share the
 * driver's rows (useSignedInDriver), the navigation with the count of
 * actions waiting for the network, and the GPS watch while an order is active.
 */
import { Navigate, NavLink, Outlet, useLocation, useOutletContext } from 'react-router-dom';
import { useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { DRIVER_COMPLETED_PATH, DRIVER_HOME_PATH, DRIVER_LOGIN_PATH, DRIVER_ORDERS_PATH } from './driver-paths.ts';
import { useDriverGps } from './use-driver-gps.ts';
import { isActiveDelivery, useDriverOutbox, useDriverView, type DriverView } from './use-driver-rows.ts';

export function DriverLayout() {
  const view = useDriverView();
  const location = useLocation();
  if (view === undefined) return <ScreenFallback />;
  if (view === null) return <Navigate to={DRIVER_LOGIN_PATH} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <SignedInLayout view={view} />;
}

/** The signed-in driver's rows, for the pages under DriverLayout. */
export function useSignedInDriver(): DriverView {
  return useOutletContext<DriverView>();
}

function SignedInLayout({ view }: { view: DriverView }) {
  const t = useT();
  const waiting = useDriverOutbox(view.driver.userId).length;
  const { profile } = view;
  const carrying = profile !== null && profile.is_online && view.mine.some(isActiveDelivery);
  // Without a profile there is no watch, so its interval does not matter.
  const gpsProblem = useDriverGps(carrying, profile?.gps_interval_seconds ?? 0);
  return (
    <div className="driver-layout">
      {gpsProblem && (
        <p className="driver-gps-note" role="status" data-testid="driver-gps-note">
          {t(gpsProblem)}
        </p>
      )}
      <Outlet context={view} />
      <nav className="driver-nav" aria-label={t('driverNavLabel')}>
        <NavLink to={DRIVER_HOME_PATH} end className="driver-nav-link">
          {t('driverNavHome')}
          {waiting > 0 && (
            <span className="driver-badge" data-testid="driver-nav-pending">
              <span aria-hidden="true">{waiting}</span>
              <span className="visually-hidden">{t('driverPendingCount', { count: waiting })}</span>
            </span>
          )}
        </NavLink>
        <NavLink to={DRIVER_ORDERS_PATH} className="driver-nav-link">
          {t('driverNavOrders')}
          {view.offered.length > 0 && (
            <span className="driver-badge is-new" data-testid="driver-nav-new">
              <span aria-hidden="true">{view.offered.length}</span>
              <span className="visually-hidden">{t('driverNewCount', { count: view.offered.length })}</span>
            </span>
          )}
        </NavLink>
        <NavLink to={DRIVER_COMPLETED_PATH} className="driver-nav-link">
          {t('driverNavCompleted')}
        </NavLink>
      </nav>
    </div>
  );
}
