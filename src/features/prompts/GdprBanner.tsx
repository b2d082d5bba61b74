import { PrefKey } from '../../db/schema.ts';
import { usePref } from '../../base/hooks/use-replica-rows.ts';
import { useReplica } from '../../base/services.tsx';
import { useSettingText, useSettings, useT } from '../../base/settings-and-language.tsx';

/**
 * Spec §4: shown when showGdpr is on and no choice was made yet. Declining
 * is as easy as accepting (issue 32.5): two buttons of one weight, and either
 * answer puts the banner away for good. The choice is a device preference,
 * not server data, so the page writes it itself: true for accepted,
 * GDPR_DECLINED for declined.
 */
export const GDPR_DECLINED = 'declined';
export function GdprBanner() {
  const t = useT();
  const db = useReplica();
  const settings = useSettings();
  const accepted = usePref(PrefKey.gdprAccepted);
  // The setting is the default language's text; the translations say it in the others.
  const message = useSettingText('gdprMessage');
  // undefined: still reading, so nothing flashes for someone who accepted long ago.
  if (!settings.on('showGdpr') || accepted === undefined || accepted === true || accepted === GDPR_DECLINED) return null;
  const answer = (value: true | typeof GDPR_DECLINED) => void db.prefs.put({ key: PrefKey.gdprAccepted, value });
  return (
    <section className="prompt-card gdpr-banner" role="region" aria-labelledby="gdpr-message" data-testid="gdpr-banner">
      <p id="gdpr-message">{message}</p>
      <div className="prompt-actions">
        <button type="button" className="button button-secondary" onClick={() => answer(GDPR_DECLINED)}>
          {t('gdprDecline')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => answer(true)}>
          {t('gdprAccept')}
        </button>
      </div>
    </section>
  );
}
