import { useLiveQuery } from 'dexie-react-hooks';
import type { LanguageRow } from '../../db/schema.ts';
import { PrefKey } from '../../db/schema.ts';
import { useReplica } from '../services.tsx';

export interface ChosenLanguage {
  language: LanguageRow | null;
  translations: Record<string, string>;
}

const NONE: ChosenLanguage = { language: null, translations: {} };

/** The chosen language (prefs.languageId, else the default one) with its translations. */
export function useChosenLanguage(): ChosenLanguage {
  const db = useReplica();
  return useLiveQuery(
    async (): Promise<ChosenLanguage> => {
      const [pref, languages] = await Promise.all([db.prefs.get(PrefKey.languageId), db.languages.toArray()]);
      const chosenId = typeof pref?.value === 'number' ? pref.value : Number(pref?.value ?? NaN);
      const language =
        languages.find((row) => row.id === chosenId) ?? languages.find((row) => row.is_default) ?? languages[0] ?? null;
      if (!language) return NONE;
      const translation = await db.translations.get(language.id);
      return { language, translations: translation?.data ?? {} };
    },
    [db],
    NONE,
  );
}
