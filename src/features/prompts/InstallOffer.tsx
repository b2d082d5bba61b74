import { useSettings, useT } from '../../base/settings-and-language.tsx';
import { dismissInstallOffer, promptInstall } from '../../lib/install-prompt.ts';
import { useInstallOfferAvailable } from './use-install-offer.ts';
import './prompts.css';

/** Whether the offer goes in the footer (setting showPwaInstallPromptFooter) or on the account page. */
export function useInstallOfferInFooter(): boolean {
  return useSettings().on('showPwaInstallPromptFooter');
}

/** The install offer, shown once the browser signalled the app is installable (spec §4). */
export function InstallOffer({ placement }: { placement: 'footer' | 'card' }) {
  const t = useT();
  const available = useInstallOfferAvailable();
  if (!available) return null;
  return (
    <section
      className={`prompt-card install-offer install-offer--${placement}`}
      role="region"
      aria-labelledby={`install-title-${placement}`}
      data-testid={`install-offer-${placement}`}
    >
      <div>
        <p className="prompt-title" id={`install-title-${placement}`}>
          {t('installTitle')}
        </p>
        <p className="prompt-body">{t('installBody')}</p>
      </div>
      <div className="prompt-actions">
        <button type="button" className="button button-ghost" onClick={dismissInstallOffer}>
          {t('dismiss')}
        </button>
        <button type="button" className="button button-primary" onClick={() => void promptInstall()}>
          {t('installAction')}
        </button>
      </div>
    </section>
  );
}

/** The footer placement, when the setting asks for it. */
export function InstallFooter() {
  const inFooter = useInstallOfferInFooter();
  return inFooter ? <InstallOffer placement="footer" /> : null;
}
