import { useT } from '../base/settings-and-language.tsx';
import { SystemMessage } from './SystemMessage.tsx';

/** A screen whose code did not arrive in time (or at all) while online. */
export function LoadFailedScreen({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <SystemMessage
      testId="load-failed"
      title={t('loadFailedTitle')}
      body={<p>{t('loadFailedBody')}</p>}
      actions={
        <button type="button" className="button button-primary" onClick={onRetry}>
          {t('retry')}
        </button>
      }
    />
  );
}
