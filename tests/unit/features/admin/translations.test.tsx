import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminLanguage, AdminTranslations, TranslationEntry } from '../../../../src/api/admin/entities.ts';
import { fakeConsoleApi, renderConsole, SLOW } from './console-harness.tsx';

const ARABIC: AdminLanguage = { id: 2, language_name: 'العربية', code: 'ar', dir: 'rtl', is_default: false, translated_count: 2, missing_count: 2, };
const ENGLISH: AdminLanguage = { id: 1, language_name: 'English', code: 'en', dir: 'ltr', is_default: true, translated_count: 4, missing_count: 0 };

function entry(key: string, english: string, text: string): TranslationEntry {
  return { key, english, text, missing: text === '' };
}

const ENTRIES = [
  entry('tabNearMe', 'Near me', 'بالقرب مني'),
  entry('homeNearbyStores', 'Stores near you', ''),
  entry('homeOffers', 'Offers', 'عروض'),
  entry('homeCategories', 'Store categories', ''),
];

function languagesApi() {
  let entries = ENTRIES;
  return fakeConsoleApi({
    'admin/get-languages': () => ({ languages: [ENGLISH, ARABIC], total_keys: 4 }),
    'admin/get-translations': (): AdminTranslations => ({
      language: { ...ARABIC, missing_count: entries.filter((e) => e.missing).length, translated_count: entries.filter((e) => !e.missing).length },
      entries,
    }),
    'admin/save-translations': (body) => {
      entries = entries.map((e) => (e.key in body.texts ? entry(e.key, e.english, body.texts[e.key] ?? '') : e));
      return { language: ARABIC, saved: Object.keys(body.texts).filter((key) => body.texts[key]), removed: Object.keys(body.texts).filter((key) => !body.texts[key]) };
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const keysShown = () => screen.getAllByTestId('translation-row').map((row) => row.dataset.key);

describe('/admin/languages', () => {
  it('lists each language with how many texts it misses', async () => {
    await renderConsole({ path: '/admin/languages', role: 'admin', api: languagesApi() });
    const table = await screen.findByTestId('languages-table', {}, SLOW);
    const arabic = within(table).getByRole('row', { name: /العربية/ });
    expect(arabic).toHaveTextContent('2 of 4 missing');
    expect(within(table).getByRole('row', { name: /English/ })).toHaveTextContent('Complete');
    expect(within(arabic).getByRole('link', { name: 'Edit texts' })).toHaveAttribute('href', '/admin/languages/2');
  });

  it('"missing only" narrows the texts to the untranslated keys, which stay while being typed into', async () => {
    const api = languagesApi();
    await renderConsole({ path: '/admin/languages/2', role: 'admin', api });
    expect(await screen.findByRole('heading', { name: 'Texts in العربية' }, SLOW)).toBeInTheDocument();
    expect(keysShown()).toEqual(['tabNearMe', 'homeNearbyStores', 'homeOffers', 'homeCategories']);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Missing only' }));
    expect(keysShown()).toEqual(['homeNearbyStores', 'homeCategories']);
    expect(screen.getByText('2 shown')).toBeInTheDocument();

    const field = within(screen.getAllByTestId('translation-row')[0] as HTMLElement).getByRole('textbox');
    expect(field).toHaveAttribute('dir', 'rtl');
    expect(field).toHaveAttribute('lang', 'ar');
    await userEvent.type(field, 'متاجر قريبة');
    expect(keysShown()).toEqual(['homeNearbyStores', 'homeCategories']);

    // A search narrows further, by key, English or translation.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search keys and texts' }), 'categories');
    expect(keysShown()).toEqual(['homeCategories']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search keys and texts' }));

    // Saving sends only what changed; the saved key then leaves the missing list.
    await userEvent.click(screen.getByRole('button', { name: 'Save 1 changes' }));
    expect(api.bodiesOf('admin/save-translations')).toEqual([{ id: 2, texts: { homeNearbyStores: 'متاجر قريبة' } }]);
    await waitFor(() => expect(keysShown()).toEqual(['homeCategories']));
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });
});
