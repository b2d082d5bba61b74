import { useId, useState, type ChangeEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { DESKTOP_RELOAD_DELAY_MS } from '../../api/constants.ts';
import { useLanguage, useT } from '../../app/look.tsx';
import { useServices } from '../../app/services.tsx';

/** Spec §1 desktop footer: pick a language; the worker loads it, the page reloads after 2 s (spec §9). */
export function LanguageSelect() {
  const t = useT();
  const id = useId();
  const { db, worker, reloadPage } = useServices();
  const current = useLanguage();
  const languages = useLiveQuery(() => db.languages.toArray(), [db], []);
  const [switching, setSwitching] = useState(false);

  const choose = async (event: ChangeEvent<HTMLSelectElement>) => {
    setSwitching(true);
    const result = await worker.selectLanguage(Number(event.target.value));
    if (!result.ok) console.warn('language could not be loaded', result.reason);
    // The reload also refreshes the phone preview, which runs its own copy of the app.
    window.setTimeout(reloadPage, DESKTOP_RELOAD_DELAY_MS);
  };

  if (languages.length === 0) return null;
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('languageLabel')}</label>
      <select id={id} value={current?.id ?? ''} onChange={(event) => void choose(event)} disabled={switching}>
        {languages.map((language) => (
          <option key={language.id} value={language.id}>
            {language.language_name}
          </option>
        ))}
      </select>
      {switching && <span role="status">{t('loading')}</span>}
    </div>
  );
}
