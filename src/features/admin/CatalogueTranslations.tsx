/**
 * The "Translations" part of a catalogue record's console form (issue 15.7):
 * its name (and a store's or item's description) in each language other than
 * the default one, whose text is the record's own field above. Read with
 * admin/get-catalogue-translations, saved with admin/save-catalogue-translations
 * sending only the fields that changed (an emptied one removes its
 * translation, so customers see the default text). Bounds are checked before
 * sending and the server's refusals are said at their field in the console's
 * words, as in every console form. Who may translate is who may edit the
 * record: a store owner not a store's name, nor categories or slides.
 *
 * A form of its own beside the record's form (forms do not nest), shown once
 * the record exists.
 */
import { useMemo, useState, type FormEvent } from 'react';
import type { Language } from '../../api/entities.ts';
import {
  CATALOG_DESCRIPTION_MAX,
  CATALOG_NAME_MAX,
  TRANSLATABLE_FIELDS,
  type CatalogueTranslationField,
  type CatalogueTranslationKind,
  type CatalogueTranslations as Translations,
} from '../../api/admin/catalog-entities.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { failureDetails } from '../../api/sync-result.ts';
import type { ConsoleResult } from './admin-api.ts';
import { TextAreaField } from './console-fields.tsx';
import { useConsoleCall, useIsAdmin } from './console-session.tsx';
import { QueryView } from './console-ui.tsx';
import { useConsoleForm } from './use-console-form.ts';
import { useConsoleQuery, type QueryState } from './use-console-query.ts';

/** Kinds only administrators may translate (no store owns them). */
const ADMINS_ONLY: readonly CatalogueTranslationKind[] = ['store_category', 'category_slide', 'promo_slide'];

const MAX_LENGTH: Record<CatalogueTranslationField, number> = { name: CATALOG_NAME_MAX, description: CATALOG_DESCRIPTION_MAX };

/** A field of the part: `name-3` is the name in language 3. */
type FieldKey = `${CatalogueTranslationField}-${number}`;
const keyOf = (field: CatalogueTranslationField, languageId: number): FieldKey => `${field}-${languageId}`;

/** The fields this user may translate for this kind. */
export function editableFields(kind: CatalogueTranslationKind, isAdmin: boolean): readonly CatalogueTranslationField[] {
  if (isAdmin) return TRANSLATABLE_FIELDS[kind];
  if (ADMINS_ONLY.includes(kind)) return [];
  // As admin/save-store: a store's name is the administrators'.
  return TRANSLATABLE_FIELDS[kind].filter((field) => !(kind === 'store' && field === 'name'));
}

interface CatalogueTranslationsProps {
  kind: CatalogueTranslationKind;
  id: number;
  /** The part's heading under the screen's: 3 in a list's form (under its h2), 2 on a page of its own. */
  headingLevel?: 2 | 3;
  /** Whose translations, when a form holds several parts (an add-on group and each of its add-ons). */
  of?: string;
}

export function CatalogueTranslations({ kind, id, headingLevel = 3, of }: CatalogueTranslationsProps) {
  const t = useT();
  const isAdmin = useIsAdmin();
  const fields = editableFields(kind, isAdmin);
  const allowed = fields.length > 0;
  const languages = useConsoleQuery('get-all-languages', allowed ? {} : null);
  const texts = useConsoleQuery('admin/get-catalogue-translations', allowed ? { kind, id } : null);
  const headingId = `translations-${kind}-${id}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const reload = () => {
    languages.reload();
    texts.reload();
  };

  return (
    <section className="console-card console-translations-part" aria-labelledby={headingId} data-testid="catalogue-translations">
      <Heading id={headingId}>{of === undefined ? t('consoleTranslationsHeading') : t('consoleTranslationsOf', { name: of })}</Heading>
      {!allowed ? (
        <p className="form-hint">{t('consoleTranslationsAdminsOnly')}</p>
      ) : (
        <QueryView state={both(languages.state, texts.state)} reload={reload}>
          {([all, saved]) => {
            const others = all.filter((language) => !language.is_default);
            if (others.length === 0) return <p className="form-hint">{t('consoleTranslationsOneLanguage')}</p>;
            return (
              <TranslationsForm
                key={`${kind}-${id}`}
                kind={kind}
                id={id}
                languages={others}
                fields={fields}
                saved={saved}
                storeNameLocked={kind === 'store' && !fields.includes('name')}
                onSaved={texts.replace}
              />
            );
          }}
        </QueryView>
      )}
    </section>
  );
}

/** Two reads as one: failed if either failed, loading until both answered. */
function both<A, B>(a: QueryState<A>, b: QueryState<B>): QueryState<[A, B]> {
  if (a.status === 'failed') return a;
  if (b.status === 'failed') return b;
  if (a.status === 'loading' || b.status === 'loading') return { status: 'loading' };
  return { status: 'ready', data: [a.data, b.data] };
}

function textsOf(saved: Translations): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const entry of saved.texts) {
    if (entry.name !== undefined) texts[keyOf('name', entry.language_id)] = entry.name;
    if (entry.description !== undefined) texts[keyOf('description', entry.language_id)] = entry.description;
  }
  return texts;
}

interface TranslationsFormProps {
  kind: CatalogueTranslationKind;
  id: number;
  languages: readonly Language[];
  fields: readonly CatalogueTranslationField[];
  saved: Translations;
  storeNameLocked: boolean;
  onSaved(saved: Translations): void;
}

function TranslationsForm({ kind, id, languages, fields, saved, storeNameLocked, onSaved }: TranslationsFormProps) {
  const t = useT();
  const call = useConsoleCall();
  const keys = useMemo(() => languages.flatMap((language) => fields.map((field) => keyOf(field, language.id))), [languages, fields]);
  const form = useConsoleForm<FieldKey>(keys);
  const [stored, setStored] = useState(() => textsOf(saved));
  const [draft, setDraft] = useState(stored);
  const [status, setStatus] = useState<string | null>(null);

  const valueOf = (key: FieldKey) => draft[key] ?? '';
  const changed = keys.filter((key) => valueOf(key).trim() !== (stored[key] ?? ''));

  const change = (key: FieldKey, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setStatus(null);
    form.clearField(key);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0) return;
    const tooLong = Object.fromEntries(
      changed.flatMap((key) => {
        const max = MAX_LENGTH[fieldOf(key)];
        return valueOf(key).trim().length > max ? [[key, t('consoleTooLong', { max })]] : [];
      }),
    );
    if (Object.keys(tooLong).length > 0) return form.report(tooLong);
    const texts = languages
      .map((language) => {
        const entry: { language_id: number; name?: string; description?: string } = { language_id: language.id };
        for (const field of fields) {
          const key = keyOf(field, language.id);
          if (changed.includes(key)) entry[field] = valueOf(key).trim();
        }
        return entry;
      })
      .filter((entry) => Object.keys(entry).length > 1);
    setStatus(null);
    const result = await form.submit(async () => placedAtFields(await call('admin/save-catalogue-translations', { kind, id, texts }), texts), { quiet: true });
    if (!result) return;
    const next = textsOf(result);
    setStored(next);
    setDraft(next);
    setStatus(t('consoleTranslationsSaved'));
    onSaved(result);
  };

  return (
    <form className="form" onSubmit={save} noValidate data-testid="catalogue-translations-form">
      <p className="form-hint">{t('consoleTranslationsIntro')}</p>
      {storeNameLocked && <p className="form-hint">{t('consoleTranslationsStoreNameAdminsOnly')}</p>}
      <FormAlert message={form.formError} bind={form.bindAlert} />
      {languages.map((language) =>
        fields.map((field) => {
          const key = keyOf(field, language.id);
          const common = {
            ...form.field(key),
            value: valueOf(key),
            lang: language.code,
            dir: 'auto',
            onChange: (event: { target: { value: string } }) => change(key, event.target.value),
          };
          return field === 'name' ? (
            <FormField key={key} {...common} label={t('consoleTranslatedName', { language: language.language_name })} />
          ) : (
            <TextAreaField key={key} {...common} rows={3} label={t('consoleTranslatedDescription', { language: language.language_name })} />
          );
        }),
      )}
      <div className="console-form-actions">
        <button type="submit" className="button button-primary" disabled={form.sending || changed.length === 0}>
          {form.sending ? t('consoleSaving') : t('consoleSaveTranslations')}
        </button>
        <p className="form-hint console-translations-status" role="status">
          {status}
        </p>
      </div>
    </form>
  );
}

function fieldOf(key: FieldKey): CatalogueTranslationField {
  return key.startsWith('description-') ? 'description' : 'name';
}

/**
 * The server names a text by its place in the body (/texts/0/name): said as
 * the part's field (/name-3) so the error shows under the input it is about.
 */
function placedAtFields<T>(result: ConsoleResult<T>, texts: readonly { language_id: number }[]): ConsoleResult<T> {
  if (result.ok || !('details' in result)) return result;
  const details = failureDetails(result).map((detail) => {
    const match = /^\/texts\/(\d+)\/(name|description)$/.exec(detail.path);
    const entry = match ? texts[Number(match[1])] : undefined;
    return match && entry ? { ...detail, path: `/${match[2]}-${entry.language_id}` } : detail;
  });
  return { ...result, details };
}
