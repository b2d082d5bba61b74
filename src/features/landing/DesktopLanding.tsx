import { useState } from 'react';
import type { SettingKey } from '../../api/settings/defaults.ts';
import { useLanguage, useSettings, useSettingText, useT } from '../../base/settings-and-language.tsx';
import { isSafeUrl } from '../../lib/sanitize-html.ts';
import { LanguageSelect } from '../../ui/LanguageSelect.tsx';
import { useLandingFigures, type LandingFigures } from './landing-figures.ts';
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

interface Figure {
  key: string;
  title: string;
  sub: string;
}

/**
 * The figures the administrator wrote (the desktopAchievement… settings), as
 * they are; where none is written, what the app measures (landing-figures.ts);
 * with neither, none: the landing never makes a figure up.
 */
function useFigures(): Figure[] {
  const t = useT();
  const settings = useSettings();
  const language = useLanguage();
  const measured = useLandingFigures();
  const written = ACHIEVEMENTS.map(({ title, sub }) => ({ key: title, title: settings.get(title).trim(), sub: settings.get(sub).trim() })).filter((figure) => figure.title !== '');
  if (written.length > 0) return written;
  return measured ? measuredFigures(measured, t, language?.code ?? 'en') : [];
}

function measuredFigures(figures: LandingFigures, t: ReturnType<typeof useT>, locale: string): Figure[] {
  // Digits as the rest of the app writes them (Latin, as money is), in the language's own grouping.
  const number = (value: number, fractionDigits = 0) => {
    try {
      return new Intl.NumberFormat(`${locale}-u-nu-latn`, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value);
    } catch {
      return value.toFixed(fractionDigits);
    }
  };
  const shown: Figure[] = [{ key: 'stores', title: number(figures.storeCount), sub: t('landingFigureStores', { place: figures.place }) }];
  if (figures.medianDeliveryMinutes !== null) {
    shown.push({ key: 'minutes', title: t('storeMinutes', { minutes: number(figures.medianDeliveryMinutes) }), sub: t('landingFigureDelivery') });
  }
  if (figures.averageRating !== null) shown.push({ key: 'rating', title: number(figures.averageRating, 1), sub: t('landingFigureRating') });
  return shown;
}

/** Spec §1: the landing page shown on windows wider than 768 px. */
export function DesktopLanding() {
  const t = useT();
  const settings = useSettings();
  const [revealed, setRevealed] = useState(false);
  const figures = useFigures();
  // The administrator's words in the default language, translated like the consent message in the others.
  const heading = useSettingText('desktopHeading');
  const subHeading = useSettingText('desktopSubHeading');
  const useAppButton = useSettingText('desktopUseAppButton');
  const socialHeader = useSettingText('desktopFooterSocialHeader');
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
          <h1>{heading}</h1>
          <p className="landing-sub">{subHeading}</p>
          <button
            type="button"
            className="button button-primary button-large"
            data-testid="use-app-button"
            aria-pressed={revealed}
            onClick={() => setRevealed(true)}
          >
            {useAppButton}
          </button>
          {figures.length > 0 && (
            <section className="achievements" aria-label={t('desktopAchievementsHeading')} data-testid="landing-figures">
              {figures.map(({ key, title, sub }) => (
                <div className="achievement" key={key}>
                  <strong>{title}</strong>
                  <span>{sub}</span>
                </div>
              ))}
            </section>
          )}
        </section>
        <PhonePreview revealed={revealed} />
      </main>
      <footer className="landing-footer">
        <address className="landing-address">{settings.get('desktopFooterAddress')}</address>
        {socialLinks.length > 0 && (
          <nav aria-labelledby="landing-social-heading" className="landing-social">
            <h2 id="landing-social-heading">{socialHeader}</h2>
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
