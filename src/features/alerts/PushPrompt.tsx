/**
 * "Turn on order alerts": offered on /alerts to a signed-in customer when
 * enablePushNotification is on, Firebase is configured and the browser can
 * do web push (spec §5). Permission is asked only when they tap it.
 */
import { useState } from 'react';
import { PrefKey } from '../../db/schema.ts';
import { usePref } from '../../base/hooks/use-replica-rows.ts';
import { useSettings, useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { useSavedPushToken } from './use-alerts.ts';
import { browserSupportsPush, firebaseConfigFrom, notificationPermission, turnOnPush, type PushSetupOutcome } from './push-setup.ts';

type PromptState = 'idle' | 'working' | PushSetupOutcome['kind'];

export function PushPrompt({ userId }: { userId: number }) {
  const t = useT();
  const settings = useSettings();
  const { db, worker } = useServices();
  const saved = useSavedPushToken();
  const dismissedBy = usePref(PrefKey.pushPromptDismissed);
  const [state, setState] = useState<PromptState>('idle');

  const config = firebaseConfigFrom(settings.get);
  // Unavailable here: say nothing about it.
  if (!settings.on('enablePushNotification') || !config || !browserSupportsPush()) return null;
  if (saved === undefined || dismissedBy === undefined) return null;

  if (state === 'enabled') {
    return (
      <p className="push-note" role="status" data-testid="push-enabled">
        {t('pushEnabled')}
      </p>
    );
  }
  const permission = notificationPermission();
  const enabledHere = saved?.userId === userId && permission === 'granted';
  // A permission denied before this visit was the customer's choice: no nagging.
  if (enabledHere || dismissedBy === userId || (permission === 'denied' && state === 'idle')) return null;

  const turnOn = async () => {
    setState('working');
    setState((await turnOnPush(config, (token) => worker.savePushToken(token))).kind);
  };
  const message =
    state === 'denied' ? t('pushPromptDenied') : state === 'failed' || state === 'unsupported' ? t('pushPromptFailed') : null;

  return (
    <section className="card push-prompt" aria-labelledby="push-prompt-title" data-testid="push-prompt">
      <h2 id="push-prompt-title" className="card-title">
        {t('pushPromptTitle')}
      </h2>
      <p className="push-prompt-body">{t('pushPromptBody')}</p>
      {message && (
        <p className="push-prompt-problem" role="alert">
          {message}
        </p>
      )}
      <div className="push-prompt-actions">
        <button type="button" className="button button-ghost" onClick={() => void db.prefs.put({ key: PrefKey.pushPromptDismissed, value: userId })}>
          {t('dismiss')}
        </button>
        {state !== 'denied' && (
          <button type="button" className="button button-primary" disabled={state === 'working'} onClick={() => void turnOn()}>
            {state === 'working' ? t('pushPromptWorking') : t('pushPromptAction')}
          </button>
        )}
      </div>
    </section>
  );
}
