import { useId, useState, type ChangeEvent } from 'react';
import { useLiveQuery } from '../db/live-query.ts';
import { DESKTOP_RELOAD_DELAY_MS } from '../api/constants.ts';
import { useLanguage, useT } from '../base/settings-and-language.tsx';
import { useServices } from '../base/services.tsx';
import type { TextKey } from '../api/language/texts.ts';
import { failureTextKey } from '../lib/failure-text.ts';
import './language-select.css';

/**
 * Pick a language: the worker loads its texts and the screen follows at once
 * (words, direction, number signs). The desktop landing (spec §1, §9) also
 * reloads after 2 s, because its phone preview runs its own copy of the app.
 * A language that could not be loaded is not chosen: the screen says why and
 * nothing reloads. Shown only where there is a choice.
 */
export function LanguageSelect({ reloadAfterChoice = false }: { reloadAfterChoice?: boolean }) {
  const t = useT();
  const id = useId();
  const { db, worker, reloadPage } = useServices();
  const current = useLanguage();
  const languages = useLiveQuery(() => db.languages.toArray(), [db], []);
  const [switching, setSwitching] = useState(false);
  const [problem, setProblem] = useState<TextKey | null>(null);

  const choose = async (event: ChangeEvent<HTMLSelectElement>) => {
    setSwitching(true);
    setProblem(null);
    const result = await worker.selectLanguage(Number(event.target.value));
    if (!result.ok) {
      setProblem(failureTextKey(result));
      setSwitching(false);
    } else if (reloadAfterChoice) window.setTimeout(reloadPage, DESKTOP_RELOAD_DELAY_MS);
    else setSwitching(false);
  };

  if (languages.length < 2) return null;
  return (
    <div className="language-select" data-testid="language-select">
      <label htmlFor={id}>{t('languageLabel')}</label>
      <select id={id} value={current?.id ?? ''} onChange={(event) => void choose(event)} disabled={switching}>
        {languages.map((language) => (
          <option key={language.id} value={language.id}>
            {language.language_name}
          </option>
        ))}
      </select>
      {switching && <span role="status">{t('loading')}</span>}
      {problem && (
        <p className="language-select-problem" role="alert">
          {t(problem)}
        </p>
      )}
    </div>
  );
}
