/**
 * On duty / off duty (toggle-delivery-guy-status through the outbox): the
 * switch moves at once, marked "Waiting for network" until the server has
 * it; a refusal says why in words.
 */
import { useId, useState } from 'react';
import type { DriverProfileRow } from '../../api/driver/worker-api.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { failureTextKey } from '../../lib/failure-text.ts';
import { PendingMark } from './PendingMark.tsx';
import '../offline/switch.css';

export function DutySwitch({ profile }: { profile: DriverProfileRow }) {
  const t = useT();
  const id = useId();
  const worker = useSyncWorker();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const online = profile.is_online;

  const toggle = async (next: boolean) => {
    setBusy(true);
    setProblem(null);
    const result = await worker.setDriverOnline(next);
    setBusy(false);
    if (!result.ok) setProblem(t(failureTextKey(result)));
    else if (result.value.rejection) setProblem(result.value.rejection.words);
  };

  return (
    <section className={`card driver-duty${online ? ' is-on' : ''}`} aria-labelledby={`${id}-state`} data-testid="driver-duty">
      <div className="switch-row">
        <label htmlFor={id} className="switch-label">
          <span id={`${id}-state`} className="driver-duty-state">
            {online ? t('driverOnDuty') : t('driverOffDuty')}
          </span>
          <small>{online ? t('driverOnDutyHint') : t('driverOffDutyHint')}</small>
        </label>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="switch"
          data-testid="duty-switch"
          aria-label={t('driverOnDuty')}
          checked={online}
          disabled={busy}
          onChange={(event) => void toggle(event.target.checked)}
        />
      </div>
      {profile.pendingOnline && <PendingMark testId="duty-pending" />}
      {problem && (
        <p className="driver-problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
