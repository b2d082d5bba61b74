/**
 * /admin/languages/:id: a language's text for every key of the app beside
 * the English, with a search and "missing only". A key stays in the
 * missing-only list while it is being typed into (it leaves once saved), so
 * the field never vanishes under the cursor. Save sends only changed keys;
 * an emptied text falls back to English in the app.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { AdminTranslations } from '../../../api/admin/entities.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { FormAlert } from '../../../ui/FormField.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { matchesSearch, QueryView, SearchBox, SectionHeader } from '../console-ui.tsx';
import { useConsoleForm } from '../use-console-form.ts';
import { useConsoleQuery } from '../use-console-query.ts';

/** Rows drawn at once; "Show more" adds as many again (the app has a few hundred keys). */
export const TRANSLATION_ROWS_PER_VIEW = 60;

export function TranslationsEditor() {
  const t = useT();
  const id = Number(useParams().id);
  const query = useConsoleQuery('admin/get-translations', Number.isInteger(id) && id > 0 ? { id } : null);
  return (
    <>
      <p>
        <Link to="/admin/languages">{t('consoleBackToLanguages')}</Link>
      </p>
      <QueryView state={query.state} reload={query.reload}>
        {(data) => <TranslationsForm key={data.language.id} data={data} onSaved={query.reload} />}
      </QueryView>
    </>
  );
}

function TranslationsForm({ data, onSaved }: { data: AdminTranslations; onSaved(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const keys = useMemo(() => data.entries.map((entry) => entry.key), [data]);
  const form = useConsoleForm(keys, { detailsUnder: 'texts', fieldText: () => t('errorUnknownTextKey') });
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(data.entries.map((entry) => [entry.key, entry.text])));
  const [search, setSearch] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  const [shown, setShown] = useState(TRANSLATION_ROWS_PER_VIEW);
  const { language } = data;

  const changed = data.entries.filter((entry) => (draft[entry.key] ?? '') !== entry.text).map((entry) => entry.key);
  const visible = data.entries.filter(
    (entry) => (!missingOnly || entry.missing) && matchesSearch(search, entry.key, entry.english, draft[entry.key]),
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0) return;
    const saved = await form.submit(() => call('admin/save-translations', { id: language.id, texts: Object.fromEntries(changed.map((key) => [key, draft[key] ?? ''])) }));
    if (saved) onSaved();
  };

  return (
    <form onSubmit={save} noValidate data-testid="translations-form">
      <SectionHeader
        title={t('consoleTextsOf', { name: language.language_name })}
        intro={t('consoleMissingOf', { missing: language.missing_count, total: language.missing_count + language.translated_count })}
      />
      <div className="console-toolbar console-sticky-bar">
        <SearchBox label={t('consoleSearchTexts')} value={search} onChange={setSearch} />
        <label className="console-check">
          <input type="checkbox" checked={missingOnly} onChange={(event) => setMissingOnly(event.target.checked)} />
          <span>{t('consoleMissingOnly')}</span>
        </label>
        <p className="form-hint" aria-live="polite">
          {t('consoleShowingCount', { count: visible.length })}
        </p>
        <button type="submit" className="button button-primary" disabled={form.sending || changed.length === 0}>
          {form.sending ? t('consoleSaving') : changed.length > 0 ? t('consoleSaveCount', { count: changed.length }) : t('consoleSave')}
        </button>
      </div>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      {visible.length === 0 && <p className="console-card">{t(missingOnly ? 'consoleNothingMissing' : 'consoleNoMatches')}</p>}
      <ul className="console-translations" data-testid="translation-rows">
        {visible.slice(0, shown).map((entry) => {
          const { id, error } = form.field(entry.key);
          return (
            <li key={entry.key} className="console-translation" data-testid="translation-row" data-key={entry.key}>
              <label htmlFor={id} className="console-translation-key">
                <code>{entry.key}</code>
                {entry.missing && <span className="console-pill console-pill-bad">{t('consoleMissing')}</span>}
              </label>
              <p className="console-translation-english" lang="en" dir="ltr">
                {entry.english}
              </p>
              <textarea
                id={id}
                className="form-input console-textarea"
                rows={entry.english.length > 80 ? 3 : 1}
                lang={language.code}
                dir={language.dir}
                value={draft[entry.key] ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => {
                  const value = event.target.value;
                  setDraft((current) => ({ ...current, [entry.key]: value }));
                  form.clearField(entry.key);
                }}
              />
              {error && (
                <p id={`${id}-error`} className="form-error">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {visible.length > shown && (
        <button type="button" className="button button-ghost" onClick={() => setShown((n) => n + TRANSLATION_ROWS_PER_VIEW)}>
          {t('consoleShowMore', { count: visible.length - shown })}
        </button>
      )}
    </form>
  );
}
