/**
 * /admin/languages: every language with how many of the app's texts it
 * lacks, adding one, choosing the default, deleting one; /admin/languages/:id
 * edits its texts.
 */
import { useState, type FormEvent } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { LANGUAGE_DIRS, type LanguageDir } from '../../../api/admin/limits.ts';
import type { AdminLanguage } from '../../../api/admin/entities.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { SelectField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { useAnnounce } from '../console-toast.tsx';
import { ConsoleTable, Pill, QueryView, SectionHeader } from '../console-ui.tsx';
import { useConsoleForm } from '../use-console-form.ts';
import { useConsoleQuery, useFailureText } from '../use-console-query.ts';
import { TranslationsEditor } from './TranslationsEditor.tsx';

export default function LanguagesSection() {
  return (
    <Routes>
      <Route index element={<LanguageList />} />
      <Route path=":id" element={<TranslationsEditor />} />
    </Routes>
  );
}

function LanguageList() {
  const t = useT();
  const call = useConsoleCall();
  const announce = useAnnounce();
  const failureText = useFailureText();
  const query = useConsoleQuery('admin/get-languages', {});
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminLanguage | null>(null);

  const makeDefault = async (language: AdminLanguage) => {
    setProblem(null);
    const result = await call('admin/set-default-language', { id: language.id });
    if (!result.ok) return setProblem(failureText(result));
    query.replace(result.value);
    announce(t('consoleDefaultLanguageSet', { name: language.language_name }));
  };
  const remove = async (language: AdminLanguage) => {
    setProblem(null);
    const result = await call('admin/delete-language', { id: language.id });
    setDeleting(null);
    if (!result.ok) return setProblem(failureText(result));
    query.reload();
    announce(t('consoleDeleted'));
  };

  return (
    <>
      <SectionHeader title={t('consoleLanguages')} intro={t('consoleLanguagesIntro')} />
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      <QueryView state={query.state} reload={query.reload}>
        {(data) => (
          <div className="console-columns">
            <ConsoleTable
              caption={t('consoleLanguages')}
              testId="languages-table"
              headings={[t('consoleLanguageName'), t('consoleLanguageCode'), t('consoleMissingTexts'), t('consoleActions')]}
            >
              {data.languages.map((language) => (
                <tr key={language.id}>
                  <th scope="row">
                    {language.language_name} {language.is_default && <Pill tone="brand">{t('consoleDefault')}</Pill>}
                  </th>
                  <td>
                    <code>{language.code}</code> · {language.dir.toUpperCase()}
                  </td>
                  <td>
                    {language.missing_count === 0 ? (
                      <Pill tone="good">{t('consoleComplete')}</Pill>
                    ) : (
                      <Pill tone="bad">{t('consoleMissingOf', { missing: language.missing_count, total: data.total_keys })}</Pill>
                    )}
                  </td>
                  <td>
                    <div className="console-row-actions">
                      <Link className="button button-ghost" to={`${language.id}`}>
                        {t('consoleEditTexts')}
                      </Link>
                      {!language.is_default && (
                        <>
                          <button type="button" className="button button-ghost" onClick={() => void makeDefault(language)}>
                            {t('consoleMakeDefault')}
                          </button>
                          <button type="button" className="button button-ghost console-danger-text" onClick={() => setDeleting(language)}>
                            {t('consoleDelete')}
                          </button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </ConsoleTable>
            <NewLanguageForm onCreated={query.reload} />
          </div>
        )}
      </QueryView>
      {deleting && (
        <ConfirmDialog
          title={t('consoleDeleteLanguageTitle', { name: deleting.language_name })}
          confirmLabel={t('consoleDelete')}
          cancelLabel={t('consoleCancel')}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('consoleDeleteLanguageBody')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

const FIELDS = ['language_name', 'code', 'dir'] as const;

function NewLanguageForm({ onCreated }: { onCreated(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const form = useConsoleForm(FIELDS, { codeFields: { LANGUAGE_CODE_TAKEN: 'code' }, savedText: 'consoleLanguageAdded' });
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [dir, setDir] = useState<LanguageDir>('ltr');
  const [copyDefault, setCopyDefault] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const created = await form.submit(() =>
      call('admin/create-language', { language_name: name.trim(), code: code.trim(), dir, copy_default: copyDefault }),
    );
    if (!created) return;
    setName('');
    setCode('');
    onCreated();
  };

  return (
    <form className="form console-card" onSubmit={submit} noValidate data-testid="new-language-form">
      <h2>{t('consoleAddLanguage')}</h2>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField {...form.field('language_name')} label={t('consoleLanguageName')} value={name} onChange={(e) => setName(e.target.value)} />
      <FormField
        {...form.field('code')}
        label={t('consoleLanguageCode')}
        hint={t('consoleLanguageCodeHint')}
        value={code}
        spellCheck={false}
        onChange={(e) => setCode(e.target.value)}
      />
      <SelectField
        {...form.field('dir')}
        label={t('consoleLanguageDir')}
        value={dir}
        choices={LANGUAGE_DIRS.map((value) => ({ value, label: t(value === 'rtl' ? 'consoleRtl' : 'consoleLtr') }))}
        onChange={(e) => setDir(e.target.value as LanguageDir)}
      />
      <label className="console-check">
        <input type="checkbox" checked={copyDefault} onChange={(e) => setCopyDefault(e.target.checked)} />
        <span>{t('consoleCopyDefault')}</span>
      </label>
      <button type="submit" className="button button-primary" disabled={form.sending}>
        {t('consoleAddLanguage')}
      </button>
    </form>
  );
}
