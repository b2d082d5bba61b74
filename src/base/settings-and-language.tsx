/**
 * Settings and the chosen language, read once from the replica and shared:
 * `useSettings()` for values, `useT()` for texts. The provider also applies
 * the look to the document (lang/dir, brand colour, title, theme colour,
 * custom CSS) and keeps the few localStorage mirrors the first paint uses.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { LanguageRow } from '../db/schema.ts';
import type { SettingKey } from '../api/settings/defaults.ts';
import { isSwitchOn } from '../api/settings/values.ts';
import type { TextKey } from '../api/language/texts.ts';
import { formatText, type Translate } from '../api/language/format-text.ts';
import type { BootHomeSnapshot } from '../features/home/home-snapshot.ts';
import { brandInk, readableTextOn } from '../lib/contrast.ts';
import { LocalKey, writeLocal } from '../lib/local-storage-keys.ts';
import { useChosenLanguage } from './hooks/use-chosen-language.ts';
import { useReplicaSettings, type ReplicaSettings } from './hooks/use-replica-settings.ts';
import { useServices } from './services.tsx';

export type { Translate } from '../api/language/format-text.ts';

interface LanguageContextValue {
  t: Translate;
  language: LanguageRow | null;
  /** The chosen language's own text for a key, with no fallback; undefined when it has none. */
  own: (key: TextKey) => string | undefined;
  /** Some texts are there (the chosen language's or the built-in English): `t` shows words, not keys. */
  textsReady: boolean;
}

const SettingsContext = createContext<ReplicaSettings | null>(null);
const LanguageContext = createContext<LanguageContextValue | null>(null);

export interface SettingsReader extends ReplicaSettings {
  get: (key: SettingKey) => string;
  /** A switch setting ('true' / '1'). */
  on: (key: SettingKey) => boolean;
}

/** The worker writes every known key (server value or built-in default), so a missing one is only a first instant. */
function readerOf(settings: ReplicaSettings): SettingsReader {
  const get = (key: SettingKey) => settings.values[key] ?? '';
  return { ...settings, get, on: (key) => isSwitchOn(get(key)) };
}

export function useSettings(): SettingsReader {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSettings() outside <SettingsAndLanguageProvider>');
  return readerOf(settings);
}

/**
 * The home snapshot while the settings are still its own (the replica has not
 * answered yet), else undefined: a replica hook mounted then takes it as its
 * first answer, one mounted later waits for the replica as usual.
 */
export function useHomeSnapshot(): BootHomeSnapshot | undefined {
  return useContext(SettingsContext)?.homeSnapshot;
}

export function useT(): Translate {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useT() outside <SettingsAndLanguageProvider>');
  return value.t;
}

/**
 * A text an administrator writes in settings for the default language that
 * other languages translate under the same key (issue 15.7: the GDPR
 * message): the setting in the default language, the chosen language's own
 * translation otherwise, the setting again where it has none.
 */
export function useSettingText(key: SettingKey & TextKey): string {
  const settings = useSettings();
  const value = useContext(LanguageContext);
  const setting = settings.get(key);
  if (!value?.language || value.language.is_default) return setting;
  return value.own(key) ?? setting;
}

/** Whether `useT` has words yet: on a first visit the worker writes the built-in English as it boots. */
export function useTextsReady(): boolean {
  return useContext(LanguageContext)?.textsReady ?? false;
}

export function useLanguage(): LanguageRow | null {
  return useContext(LanguageContext)?.language ?? null;
}

function upsertHeadElement<T extends HTMLElement>(selector: string, create: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.appendChild(element);
  return element;
}

function applyLanguage(language: LanguageRow): void {
  const root = document.documentElement;
  root.lang = language.code || 'en';
  root.dir = language.dir === 'rtl' ? 'rtl' : 'ltr';
  writeLocal(LocalKey.language, JSON.stringify({ id: language.id, code: language.code, dir: language.dir }));
}

function applyLook(get: (key: SettingKey) => string): void {
  const root = document.documentElement;
  const brand = get('storeColor');
  root.style.setProperty('--brand', brand);
  root.style.setProperty('--on-brand', readableTextOn(brand));
  root.style.setProperty('--brand-ink', brandInk(brand));
  document.title = get('storeName');
  const themeColor = upsertHeadElement('meta[name="theme-color"]', () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    return meta;
  });
  themeColor.content = brand;
  // Custom CSS comes last in <head> so the admin's rules win over ours.
  const customCss = upsertHeadElement('style#custom-css', () => {
    const style = document.createElement('style');
    style.id = 'custom-css';
    return style;
  });
  if (customCss.textContent !== get('customCSS')) customCss.textContent = get('customCSS');
  writeLocal(LocalKey.storeColor, brand);
  writeLocal(LocalKey.storeLogo, get('storeLogo'));
  writeLocal(LocalKey.updatingMessage, get('updatingMessage'));
}

export function SettingsAndLanguageProvider({ children }: { children: ReactNode }) {
  const { homeSnapshot } = useServices();
  const settings = useReplicaSettings(homeSnapshot);
  const { language, translations, builtIn } = useChosenLanguage(homeSnapshot);

  const rightToLeft = language?.dir === 'rtl';
  const t = useCallback<Translate>(
    (key, values) => formatText(translations[key] || builtIn[key] || key, values, { isolate: rightToLeft }),
    [translations, builtIn, rightToLeft],
  );
  const own = useCallback((key: TextKey) => translations[key]?.trim() || undefined, [translations]);
  const textsReady = Object.keys(translations).length > 0 || Object.keys(builtIn).length > 0;
  const languageValue = useMemo(() => ({ t, language, own, textsReady }), [t, language, own, textsReady]);

  useEffect(() => {
    if (settings.loaded) applyLook(readerOf(settings).get);
  }, [settings]);
  useEffect(() => {
    // Until the replica answers, keep what index.html set from the mirror.
    if (language) applyLanguage(language);
  }, [language]);

  return (
    <SettingsContext.Provider value={settings}>
      <LanguageContext.Provider value={languageValue}>{children}</LanguageContext.Provider>
    </SettingsContext.Provider>
  );
}
