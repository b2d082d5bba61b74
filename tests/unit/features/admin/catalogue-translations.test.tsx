/**
 * The "Translations" part of the console's catalogue forms (issue 15.7):
 * one field per non-default language and translatable field, prefilled from
 * admin/get-catalogue-translations, only changed fields sent (an emptied one
 * as '' to remove it), a text past its bound said at its field in the
 * console's words before sending and when the server refuses it, and who
 * may translate what as the server rules it.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueTranslationKind, CatalogueTranslations as Translations } from '../../../../src/api/admin/catalog-entities.ts';
import { CATALOG_NAME_MAX } from '../../../../src/api/admin/catalog-entities.ts';
import type { Language } from '../../../../src/api/entities.ts';
import { AppProviders } from '../../../../src/app/App.tsx';
import { CatalogueTranslations } from '../../../../src/features/admin/CatalogueTranslations.tsx';
import { ConsoleSessionProvider, type ConsoleSession } from '../../../../src/features/admin/console-session.tsx';
import { createServiceWorkerDouble, createWorkerDouble } from '../../support/doubles.ts';
import { buildReplica } from '../../support/replica-fixture.ts';
import { ADMIN, fakeConsoleApi, OWNER, refusal, type ConsoleHandlers } from './console-harness.tsx';

const LANGUAGES: Language[] = [
  { id: 1, language_name: 'English', code: 'en', dir: 'ltr', is_default: true },
  { id: 2, language_name: 'العربية', code: 'ar', dir: 'rtl', is_default: false },
  { id: 3, language_name: 'Français', code: 'fr', dir: 'ltr', is_default: false },
];

const SAVED: Translations = { kind: 'item', id: 7, texts: [{ language_id: 2, name: 'مارغريتا', description: 'طماطم وجبن' }] };

function translationsApi(extra: ConsoleHandlers = {}) {
  return fakeConsoleApi({
    'get-all-languages': () => LANGUAGES,
    'admin/get-catalogue-translations': (body) => ({ ...SAVED, kind: body.kind, id: body.id }),
    ...extra,
  });
}

async function renderPart(kind: CatalogueTranslationKind, role: 'admin' | 'store_owner', api: ReturnType<typeof fakeConsoleApi>) {
  const db = await buildReplica({ settings: { storeName: 'Test Kitchen', currencySymbol: '$', currencySymbolAlign: 'left' } });
  vi.stubGlobal('fetch', api.fetch);
  const who = role === 'admin' ? ADMIN : OWNER;
  const session: ConsoleSession = { userId: who.userId, token: who.token, role, name: who.name, email: who.email };
  return render(
    <AppProviders services={{ db, worker: createWorkerDouble(db), serviceWorker: createServiceWorkerDouble(), reloadPage: vi.fn() }}>
      <MemoryRouter>
        <ConsoleSessionProvider session={session}>
          <CatalogueTranslations kind={kind} id={7} />
        </ConsoleSessionProvider>
      </MemoryRouter>
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the translations part of a catalogue form', () => {
  it("lists a field per translatable text of each non-default language, prefilled, for any script's direction", async () => {
    await renderPart('item', 'admin', translationsApi());
    const arabicName = await screen.findByLabelText('Name in العربية');
    expect(arabicName).toHaveValue('مارغريتا');
    expect(arabicName).toHaveAttribute('dir', 'auto');
    expect(arabicName).toHaveAttribute('lang', 'ar');
    expect(screen.getByLabelText('Description in العربية')).toHaveValue('طماطم وجبن');
    expect(screen.getByLabelText('Description in العربية')).toHaveAttribute('dir', 'auto');
    expect(screen.getByLabelText('Name in Français')).toHaveValue('');
    expect(screen.getByLabelText('Description in Français')).toHaveValue('');
    // The default language is the record's own fields, above.
    expect(screen.queryByLabelText(/in English/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Translations' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save translations' })).toBeDisabled();
  });

  it('a menu section has a name only', async () => {
    await renderPart('item_category', 'admin', translationsApi());
    expect(await screen.findByLabelText('Name in Français')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Description/)).not.toBeInTheDocument();
  });

  it('saves only what changed, an emptied text as empty (removed), and says it was saved', async () => {
    const user = userEvent.setup();
    const api = translationsApi({
      'admin/save-catalogue-translations': (body) => ({
        kind: body.kind,
        id: body.id,
        texts: [
          { language_id: 2, name: 'مارغريتا' },
          { language_id: 3, name: 'Marguerite' },
        ],
      }),
    });
    await renderPart('item', 'admin', api);
    await user.type(await screen.findByLabelText('Name in Français'), '  Marguerite ');
    await user.clear(screen.getByLabelText('Description in العربية'));
    await user.click(screen.getByRole('button', { name: 'Save translations' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Translations saved.');
    expect(api.bodiesOf('admin/save-catalogue-translations')).toEqual([
      {
        kind: 'item',
        id: 7,
        texts: [
          { language_id: 2, description: '' },
          { language_id: 3, name: 'Marguerite' },
        ],
      },
    ]);
    // What the server answered is what the fields now hold; nothing is left to save.
    expect(screen.getByLabelText('Name in Français')).toHaveValue('Marguerite');
    expect(screen.getByLabelText('Description in العربية')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save translations' })).toBeDisabled();
  });

  it('says a name past its bound at the field before sending, and a server refusal at its field in its own words', async () => {
    const user = userEvent.setup();
    const api = translationsApi({
      'admin/save-catalogue-translations': () =>
        refusal(400, 'VALIDATION_FAILED', [{ path: '/texts/0/name', message: 'must NOT have more than 120 characters' }]),
    });
    await renderPart('item', 'admin', api);
    const french = await screen.findByLabelText('Name in Français');
    await user.click(french);
    await user.paste('x'.repeat(CATALOG_NAME_MAX + 1));
    await user.click(screen.getByRole('button', { name: 'Save translations' }));

    expect(french).toHaveAccessibleDescription(`At most ${CATALOG_NAME_MAX} characters.`);
    expect(french).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(french).toHaveFocus());
    expect(api.bodiesOf('admin/save-catalogue-translations')).toEqual([]);

    // The server's bound (its schema's English never shown) lands at the same field.
    await user.clear(french);
    await user.type(french, 'Marguerite');
    expect(french).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save translations' }));
    await waitFor(() => expect(french).toHaveAccessibleDescription(`At most ${CATALOG_NAME_MAX} characters.`));
    expect(screen.queryByText(/must NOT/)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("a store owner translates their store's description but not its name", async () => {
    await renderPart('store', 'store_owner', translationsApi());
    expect(await screen.findByLabelText('Description in العربية')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Name in/)).not.toBeInTheDocument();
    expect(screen.getByText("Only administrators can translate the store's name.")).toBeInTheDocument();
  });

  it('a store owner is told categories and slides are for administrators, and nothing is asked', async () => {
    const api = translationsApi();
    await renderPart('category_slide', 'store_owner', api);
    expect(await screen.findByText('Only administrators can translate this.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });
});
