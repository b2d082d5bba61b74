import { useState } from 'react';
import type { SettingKey } from '../../api/settings/defaults.ts';
import { useSettings, useT } from '../../base/settings-and-language.tsx';
import { isSafeUrl } from '../../lib/sanitize-html.ts';
import { LanguageSelect } from '../../ui/LanguageSelect.tsx';
import { PhonePreview } from './PhonePreview.tsx';
import './landing.css';

const ACHIEVEMENTS: readonly { title: SettingKey; sub: SettingKey }[] = [
  { title: 'desktopAchievementOneTitle', sub: 'desktopAchievementOneSub' },
  { title: 'desktopAchievementTwoTitle', sub: 'desktopAchievementTwoSub' },
  { title: 'desktopAchievementThreeTitle', sub: 'desktopAchievementThreeSub' },
  { title: 'desktopAchievementFourTitle', sub: 'desktopAchievementFourSub' },
];

// Brand names: not translated.
const SOCIAL_LINKS: readonly { key: SettingKey; name: string }[] = [
  { key: 'desktopSocialFacebookLink', name: 'Facebook' },
  { key: 'desktopSocialInstagramLink', name: 'Instagram' },
  { key: 'desktopSocialTwitterLink', name: 'Twitter' },
];

/** Spec §1: the landing page shown on windows wider than 768 px. */
export function DesktopLanding() {
  const t = useT();
  const settings = useSettings();
  const [revealed, setRevealed] = useState(false);
  // Admin input: an empty or javascript: link is left out.
  const socialLinks = SOCIAL_LINKS.filter(({ key }) => {
    const href = settings.get(key).trim();
    return href !== '' && isSafeUrl(href);
  });

  return (
    <div className="landing" data-testid="desktop-landing">
      <header className="landing-top">
        <img className="landing-logo" src={settings.get('storeLogo')} alt={settings.get('storeName')} width={160} height={40} />
      </header>
      <main className="landing-main">
        <section className="landing-hero">
          <h1>{settings.get('desktopHeading')}</h1>
          <p className="landing-sub">{settings.get('desktopSubHeading')}</p>
          <button
            type="button"
            className="button button-primary button-large"
            data-testid="use-app-button"
            aria-pressed={revealed}
            onClick={() => setRevealed(true)}
          >
            {settings.get('desktopUseAppButton')}
          </button>
          <section className="achievements" aria-label={t('desktopAchievementsHeading')}>
            {ACHIEVEMENTS.map(({ title, sub }) => (
              <div className="achievement" key={title}>
                <strong>{settings.get(title)}</strong>
                <span>{settings.get(sub)}</span>
              </div>
            ))}
          </section>
        </section>
        <PhonePreview revealed={revealed} />
      </main>
      <footer className="landing-footer">
        <address className="landing-address">{settings.get('desktopFooterAddress')}</address>
        {socialLinks.length > 0 && (
          <nav aria-labelledby="landing-social-heading" className="landing-social">
            <h2 id="landing-social-heading">{settings.get('desktopFooterSocialHeader')}</h2>
            <ul>
              {socialLinks.map(({ key, name }) => (
                <li key={key}>
                  <a href={settings.get(key)} target="_blank" rel="noopener noreferrer">
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <LanguageSelect reloadAfterChoice />
      </footer>
    </div>
  );
}
