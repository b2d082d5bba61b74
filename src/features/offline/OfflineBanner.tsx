import { useConnectivity } from '../../app/hooks/use-replica-rows.ts';
import { useMinuteClock } from '../../app/hooks/use-minute-clock.ts';
import { useSettings, useT } from '../../app/look.tsx';
import { updatedAgoText } from '../../lib/connectivity.ts';

/** Shown while the last request failed by network or offline mode is simulated. */
export function OfflineBanner() {
  const { offline, simulated } = useConnectivity();
  // Mounted only while offline, so its clock starts when the app goes offline.
  return offline ? <OfflineBannerBody simulated={simulated} /> : null;
}

function OfflineBannerBody({ simulated }: { simulated: boolean }) {
  const t = useT();
  const { fetchedAt } = useSettings();
  const now = useMinuteClock();
  const updated = updatedAgoText(fetchedAt, now, t);
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <span>{t('offlineBanner')}</span>
      {updated && <span className="offline-banner-updated" data-testid="offline-banner-updated">{updated}</span>}
      {simulated && (
        <span className="simulated-offline-mark" data-testid="simulated-offline-mark">
          {t('simulatedOfflineOn')}
        </span>
      )}
    </div>
  );
}
