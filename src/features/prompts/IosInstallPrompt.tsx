import { useEffect, useState } from 'react';
import { IOS_PROMPT_DELAY_MS } from '../../api/constants.ts';
import { PrefKey } from '../../db/schema.ts';
import { usePref } from '../../base/hooks/use-replica-rows.ts';
import { useSettings, useT } from '../../base/settings-and-language.tsx';
import { ShareIcon } from '../../ui/icons.tsx';
import { currentDeviceHints, isIosOrIpadOs, isIosPromptDue } from '../../lib/ios-prompt.ts';

/** Spec §4/§5/§9: Safari has no install event, so iOS users are told how to add the app themselves. */
export function IosInstallPrompt() {
  const t = useT();
  const settings = useSettings();
  const visitCount = usePref(PrefKey.visitCount);
  const [visible, setVisible] = useState(false);
  const [closed, setClosed] = useState(false);

  const device = currentDeviceHints();
  const due = isIosPromptDue({
    enabled: settings.on('enIOSPWAPopup'),
    isIos: isIosOrIpadOs(device),
    isStandalone: device.isStandalone,
    visitCount: typeof visitCount === 'number' ? visitCount : 0,
  });

  useEffect(() => {
    if (!due || closed) return;
    const timer = setTimeout(() => setVisible(true), IOS_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due, closed]);

  if (!visible || closed || !due) return null;
  return (
    <section className="prompt-card ios-prompt" role="dialog" aria-labelledby="ios-install-title" data-testid="ios-install-prompt">
      <p className="prompt-title" id="ios-install-title">
        {t('iosInstallTitle')}
      </p>
      <p className="prompt-body">{t('iosInstallBody')}</p>
      {/* Shows the icon the user looks for in Safari's toolbar. */}
      <p className="ios-share-hint">
        <ShareIcon />
        <span>{t('iosInstallShareHint')}</span>
      </p>
      <div className="prompt-actions">
        <button type="button" className="button button-ghost" onClick={() => setClosed(true)}>
          {t('close')}
        </button>
      </div>
    </section>
  );
}
