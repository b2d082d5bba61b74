/**
 * An administrator gives a delivery order to a driver: while the store
 * prepares it, or, before pickup, to another driver than the one who has
 * it. The choice lists the drivers who deliver for the order's store; the
 * server says why a driver cannot take it (off duty, at their limit).
 */
import { useId, useState, type FormEvent } from 'react';
import type { ErrorCode } from '../../../api/errors.ts';
import type { Order, OrderTracking } from '../../../api/orders/entities.ts';
import { failureCode } from '../../../api/sync-result.ts';
import type { TextKey } from '../../../api/language/texts.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { useAnnounce } from '../console-toast.tsx';
import { useConsoleQuery, useFailureText } from '../use-console-query.ts';

/** The app's words for these codes speak to the driver; the administrator reads about the driver. */
const ABOUT_THE_DRIVER: Partial<Record<ErrorCode, TextKey>> = {
  DRIVER_OFF_DUTY: 'consoleDriverOffDuty',
  STORE_NOT_LINKED: 'consoleDriverNotLinked',
  DRIVER_ORDER_LIMIT: 'consoleDriverAtLimit',
};

/** Drivers listed for one store: the console's page limit. */
const DRIVERS_LIMIT = 200;

export function AssignDriver({ order, onMoved }: { order: Order; onMoved(tracking: OrderTracking): void }) {
  const t = useT();
  const call = useConsoleCall();
  const announce = useAnnounce();
  const failureText = useFailureText();
  const id = useId();
  const drivers = useConsoleQuery('admin/get-users', { role: 'driver', banned: false, limit: DRIVERS_LIMIT });
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const storeDrivers = (drivers.data?.users ?? []).filter((driver) => driver.stores.some((store) => store.id === order.restaurant.id));
  const handingOver = order.driver !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const driver = storeDrivers.find((candidate) => String(candidate.id) === chosen);
    if (!driver) return setProblem(t('consoleChooseDriver'));
    setBusy(true);
    setProblem(null);
    const result = await call('admin/assign-driver', { unique_order_id: order.unique_order_id, driver_user_id: driver.id });
    setBusy(false);
    if (!result.ok) {
      const code = failureCode(result);
      const own = code ? ABOUT_THE_DRIVER[code] : undefined;
      return setProblem(own ? t(own) : failureText(result));
    }
    setChosen('');
    onMoved(result.value.tracking);
    announce(t('consoleDriverAssigned', { order: order.unique_order_id, driver: driver.name }));
  };

  if (drivers.state.status === 'ready' && storeDrivers.length === 0) {
    return <p className="form-hint">{t('consoleNoStoreDrivers')}</p>;
  }
  return (
    <form className="console-inline-form" onSubmit={(event) => void submit(event)} noValidate data-testid="assign-driver">
      <label htmlFor={id}>{t(handingOver ? 'consoleGiveToDriver' : 'consoleAssignDriver')}</label>
      <select
        id={id}
        className="form-input console-select"
        value={chosen}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setChosen(event.target.value);
          setProblem(null);
        }}
      >
        <option value="">{t('consoleChooseDriver')}</option>
        {storeDrivers.map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driver.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-primary" disabled={busy || drivers.state.status !== 'ready'}>
        {t('consoleAssign')}
      </button>
      {problem && (
        <p id={`${id}-problem`} className="form-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
