import { useState, useSyncExternalStore } from 'react';
import { useServices } from '../../base/services.tsx';
import { useT } from '../../base/settings-and-language.tsx';

/** A new service worker is waiting: offer it, reload only when the user says so. */
export function UpdateOffer() {
  const t = useT();
  const { serviceWorker } = useServices();
  const waiting = useSyncExternalStore(serviceWorker.subscribeUpdateWaiting, serviceWorker.isUpdateWaiting);
  const [postponed, setPostponed] = useState(false);
  const [applying, setApplying] = useState(false);
  if (!waiting || postponed) return null;
  return (
    <section className="prompt-card" role="region" aria-label={t('updateAvailable')} data-testid="update-offer">
      <p className="prompt-title">{t('updateAvailable')}</p>
      <div className="prompt-actions">
        <button type="button" className="button button-ghost" onClick={() => setPostponed(true)}>
          {t('later')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={applying}
          onClick={() => {
            setApplying(true);
            serviceWorker.applyUpdate();
          }}
        >
          {t('updateNow')}
        </button>
      </div>
    </section>
  );
}
