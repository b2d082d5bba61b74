import { useSettings, useT } from '../../base/settings-and-language.tsx';
import { LocalKey, readLocal } from '../../lib/local-storage-keys.ts';
import './updating-overlay.css';

/**
 * Spec §4: covers the app while the forced update clears storage and reloads.
 * The message survives the clear in the localStorage mirror, because the
 * worker may be refetching settings at that very moment.
 */
export function UpdatingOverlay() {
  const t = useT();
  const { values } = useSettings();
  const message = values.updatingMessage || readLocal(LocalKey.updatingMessage) || '';
  return (
    <div className="updating-overlay" role="dialog" aria-modal="true" aria-labelledby="updating-title" data-testid="updating-overlay">
      <div className="updating-card" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        <h2 id="updating-title">{t('updatingTitle')}</h2>
        <p role="status">{message}</p>
      </div>
    </div>
  );
}
