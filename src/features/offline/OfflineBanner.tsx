import { useConnectivity } from '../../base/hooks/use-replica-rows.ts';
import { useT, useTextsReady } from '../../base/settings-and-language.tsx';

/**
 * Shown while the last request failed by network or offline mode is simulated.
 * It says only that: how old what a screen shows is belongs to that screen's
 * own note (SavedNote), so the page never tells two different ages at once.
 * It sits outside the boot gate, so it waits for the texts itself: the
 * replica's answers come one by one, and it never shows a text's key.
 */
export function OfflineBanner() {
  const { offline, simulated } = useConnectivity();
  const textsReady = useTextsReady();
  return offline && textsReady ? <OfflineBannerBody simulated={simulated} /> : null;
}

function OfflineBannerBody({ simulated }: { simulated: boolean }) {
  const t = useT();
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <span>{t('offlineBanner')}</span>
      {simulated && (
        <span className="simulated-offline-mark" data-testid="simulated-offline-mark">
          {t('simulatedOfflineOn')}
        </span>
      )}
    </div>
  );
}
