import { useSettings, useT } from '../base/settings-and-language.tsx';
import { CloudOffIcon } from './icons.tsx';
import { SystemMessage } from './SystemMessage.tsx';

/** Spec §8: what a screen that was never saved on this device shows while offline. */
export function OfflineScreen({ onRetry }: { onRetry?: () => void }) {
  const t = useT();
  const settings = useSettings();
  return (
    <SystemMessage
      testId="offline-screen"
      icon={<CloudOffIcon />}
      title={settings.get('offlineTitleMessage')}
      body={<p>{settings.get('offlineSubTitleMessage')}</p>}
      actions={
        onRetry && (
          <button type="button" className="button button-primary" onClick={onRetry}>
            {t('offlineTryAgain')}
          </button>
        )
      }
    />
  );
}
