import { useState } from 'react';
import { useSyncWorker } from '../../base/services.tsx';
import { useT } from '../../base/settings-and-language.tsx';
import type { TextKey } from '../../api/language/texts.ts';
import { SystemMessage } from '../../ui/SystemMessage.tsx';
import './critical-error.css';

const STEPS: readonly TextKey[] = ['criticalErrorStep1', 'criticalErrorStep2', 'criticalErrorStep3', 'criticalErrorStep4'];

/** Spec §2/§8: no popular location is marked primary, so a new visitor has nowhere to browse. */
export function CriticalErrorScreen() {
  const t = useT();
  const worker = useSyncWorker();
  const [checking, setChecking] = useState(false);

  const tryAgain = async () => {
    setChecking(true);
    try {
      // The worker rewrites the replica; this screen goes away by itself once a primary exists.
      await worker.refreshPopularLocations();
    } finally {
      setChecking(false);
    }
  };

  return (
    <SystemMessage
      testId="critical-error"
      title={t('criticalErrorTitle')}
      body={
        <>
          <p>{t('criticalErrorIntro')}</p>
          <h2 className="steps-heading">{t('criticalErrorStepsHeading')}</h2>
          <ol className="steps">
            {STEPS.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ol>
        </>
      }
      actions={
        <button type="button" className="button button-primary" onClick={() => void tryAgain()} disabled={checking}>
          {checking ? t('loading') : t('retry')}
        </button>
      }
    />
  );
}
