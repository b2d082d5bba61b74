import { useId, useState } from 'react';
import { PrefKey } from '../../db/schema.ts';
import { usePref } from '../../base/hooks/use-replica-rows.ts';
import { useServices } from '../../base/services.tsx';
import { useT } from '../../base/settings-and-language.tsx';
import { setSimulatedOfflineMode } from '../../lib/simulated-offline.ts';
import './switch.css';

/** DESIGN §4: testers switch the app to behave as if the server were unreachable. */
export function SimulatedOfflineSwitch() {
  const t = useT();
  const id = useId();
  const { worker, serviceWorker } = useServices();
  const stored = usePref(PrefKey.simulatedOffline) === true;
  // The worker stores the mode; until its write shows in the replica, show what the tester chose.
  // Once the stored value moves, the replica is the truth again.
  const [choice, setChoice] = useState<{ value: boolean; storedWhenChosen: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = choice && choice.storedWhenChosen === stored ? choice.value : stored;

  const toggle = async (offline: boolean) => {
    setChoice({ value: offline, storedWhenChosen: stored });
    setBusy(true);
    try {
      await setSimulatedOfflineMode(offline, { worker, serviceWorker });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="switch-row">
      <label htmlFor={id} className="switch-label">
        <span>{t('simulatedOffline')}</span>
        <small>{t('simulatedOfflineHint')}</small>
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        data-testid="simulated-offline-switch"
        checked={checked}
        aria-checked={checked}
        disabled={busy}
        onChange={(event) => void toggle(event.target.checked)}
      />
    </div>
  );
}
