import { useLiveQuery } from '../../db/live-query.ts';
import type { LanguageRow } from '../../db/schema.ts';
import { BUILT_IN_TEXTS_ID, PrefKey } from '../../db/schema.ts';
import type { BootHomeSnapshot } from '../../features/home/home-snapshot.ts';
import { useReplica } from '../services.tsx';

export interface ChosenLanguage {
  language: LanguageRow | null;
  translations: Record<string, string>;
  /** The built-in English the worker keeps, for keys the language lacks. */
  builtIn: Record<string, string>;
}

const NONE: ChosenLanguage = { language: null, translations: {}, builtIn: {} };

/** The chosen language (prefs.languageId, else the default one) with its translations; until the replica answers, the snapshot's. */
export function useChosenLanguage(snapshot: BootHomeSnapshot | null = null): ChosenLanguage {
  const db = useReplica();
  return useLiveQuery(
    async (): Promise<ChosenLanguage> => {
      // One round of reads, not two: every stored translation (the built-in one and the few languages
      // fetched here) comes with the languages, because the next read would wait for this one on the first paint.
      const [pref, languages, translations] = await Promise.all([
        db.prefs.get(PrefKey.languageId),
        db.languages.toArray(),
        db.translations.toArray(),
      ]);
      const chosenId = typeof pref?.value === 'number' ? pref.value : Number(pref?.value ?? NaN);
      const language =
        languages.find((row) => row.id === chosenId) ?? languages.find((row) => row.is_default) ?? languages[0] ?? null;
      const textsOf = (id: number | undefined) => translations.find((row) => row.languageId === id)?.data ?? {};
      return { language, translations: language ? textsOf(language.id) : {}, builtIn: textsOf(BUILT_IN_TEXTS_ID) };
    },
    [db],
    snapshot ? { language: snapshot.language, translations: snapshot.texts, builtIn: {} } : NONE,
  );
}
