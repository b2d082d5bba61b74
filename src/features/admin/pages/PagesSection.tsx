/**
 * /admin/pages: the content pages (about, terms, privacy…) at /pages/:slug,
 * each edited as HTML beside a preview made with the app's own sanitiser,
 * so what shows here is what customers will see.
 */
import { useState, type FormEvent } from 'react';
import { PAGE_BODY_MAX } from '../../../api/admin/catalog-limits.ts';
import type { AdminPage } from '../../../api/admin/catalog-entities.ts';
import { useLanguage, useT } from '../../../base/settings-and-language.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { SanitizedHtml } from '../../../ui/SanitizedHtml.tsx';
import { TextAreaField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { QueryView, SectionHeader } from '../console-ui.tsx';
import { numberText, parseNumber } from '../console-values.ts';
import { CrudList, FormButtons } from '../CrudList.tsx';
import { useConsoleForm } from '../use-console-form.ts';
import { useConsoleQuery } from '../use-console-query.ts';

export default function PagesSection() {
  const t = useT();
  const call = useConsoleCall();
  const locale = useLanguage()?.code;
  const query = useConsoleQuery('admin/list-pages', {});
  return (
    <>
      <SectionHeader title={t('consolePages')} intro={t('consolePagesIntro')} />
      <QueryView state={query.state} reload={query.reload}>
        {(pages) => (
          <CrudList
            title={t('consolePages')}
            testId="content-pages"
            items={pages}
            nameOf={(page) => page.name}
            searchText={(page) => page.slug}
            row={(page) => (
              <>
                <strong>{page.name}</strong>
                <p className="form-hint">
                  /pages/{page.slug} · {t('consoleUpdatedOn', { date: formatDate(page.updated_at, locale) })}
                </p>
              </>
            )}
            form={(page, close) => (
              <PageForm
                page={page}
                onSaved={() => {
                  query.reload();
                  close();
                }}
                onCancel={close}
              />
            )}
            remove={(page) => call('admin/delete-page', { id: page.id })}
            onRemoved={query.reload}
            addLabel={t('consoleAddPage')}
            emptyText={t('consoleNoPages')}
          />
        )}
      </QueryView>
    </>
  );
}

const FIELDS = ['name', 'slug', 'body', 'sort_order'] as const;

function PageForm({ page, onSaved, onCancel }: { page: AdminPage | null; onSaved(): void; onCancel(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const form = useConsoleForm(FIELDS, { codeFields: { SLUG_TAKEN: 'slug' } });
  const [name, setName] = useState(page?.name ?? '');
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [body, setBody] = useState(page?.body ?? '');
  const [sortOrder, setSortOrder] = useState(numberText(page?.sort_order ?? 0));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sort = parseNumber(sortOrder, { integer: true });
    if (sort === undefined) return form.report({ sort_order: t('consoleNeedWholeNumber') });
    const fields = { name: name.trim(), slug: slug.trim(), body, sort_order: sort ?? 0 };
    const saved = await form.submit(() => call('admin/save-page', page ? { id: page.id, ...fields } : fields));
    if (saved) onSaved();
  };

  return (
    <form className="form console-card" onSubmit={submit} noValidate data-testid="page-form">
      <h3>{page ? t('consoleEditNamed', { name: page.name }) : t('consoleAddPage')}</h3>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField {...form.field('name')} label={t('consoleTitleField')} value={name} onChange={(e) => setName(e.target.value)} />
      <FormField {...form.field('slug')} label={t('consoleSlug')} hint={t('consoleSlugHint')} spellCheck={false} value={slug} onChange={(e) => setSlug(e.target.value)} />
      <TextAreaField
        {...form.field('body')}
        label={t('consoleHtmlBody')}
        hint={t('consoleHtmlBodyHint')}
        rows={12}
        maxLength={PAGE_BODY_MAX}
        spellCheck={false}
        className="console-code"
        value={body}
        onChange={(e) => setBody(e.target.value)}
      />
      <section className="console-html-preview" aria-label={t('consolePreview')}>
        <h4>{t('consolePreview')}</h4>
        <SanitizedHtml html={body} className="content-page-body" testId="page-preview" />
      </section>
      <FormField {...form.field('sort_order')} label={t('consoleSortOrder')} hint={t('consoleSortOrderHint')} inputMode="numeric" value={sortOrder} onChange={(e) => setSortOrder(e.target.value)} />
      <FormButtons sending={form.sending} isNew={!page} onCancel={onCancel} />
    </form>
  );
}
