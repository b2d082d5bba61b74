/**
 * /admin/audit: who changed what and when, newest first, filtered by what
 * was touched, with the values that changed (never passwords).
 */
import { useState } from 'react';
import { ADMIN_PAGE_SIZE, AUDIT_ENTITIES } from '../../../api/admin/limits.ts';
import type { AuditEntry } from '../../../api/admin/entities.ts';
import { useLanguage, useT } from '../../../base/settings-and-language.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { SelectField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { ConsoleTable, QueryView, SectionHeader } from '../console-ui.tsx';
import { useConsoleQuery, useFailureText } from '../use-console-query.ts';
import { LoadMore, useMorePages } from '../use-more-pages.tsx';

/** What the catalogue's calls name as changed, beside part A's AUDIT_ENTITIES. */
const CATALOG_ENTITIES = [
  'restaurants',
  'restaurant_categories',
  'category_slides',
  'item_categories',
  'items',
  'addon_categories',
  'promo_sliders',
  'promo_slides',
  'pages',
  'coupons',
] as const;
const ENTITIES = [...AUDIT_ENTITIES, ...CATALOG_ENTITIES];

export default function AuditSection() {
  const t = useT();
  const call = useConsoleCall();
  const failureText = useFailureText();
  const locale = useLanguage()?.code;
  const [entity, setEntity] = useState('');
  const filters = { limit: ADMIN_PAGE_SIZE, ...(entity ? { entity } : {}) };
  const query = useConsoleQuery('admin/get-audit-log', filters);
  const more = useMorePages<AuditEntry>(entity, async (before) => {
    const result = await call('admin/get-audit-log', { ...filters, before });
    return result.ok ? { rows: result.value.entries, next: result.value.next_before } : { error: failureText(result) };
  });

  return (
    <>
      <SectionHeader title={t('consoleAudit')} intro={t('consoleAuditIntro')} />
      <div className="console-toolbar">
        <SelectField
          id="audit-entity"
          label={t('consoleAuditWhat')}
          value={entity}
          choices={[{ value: '', label: t('consoleAuditEverything') }, ...ENTITIES.map((name) => ({ value: name, label: name.replace(/_/g, ' ') }))]}
          onChange={(event) => setEntity(event.target.value)}
        />
      </div>
      <QueryView state={query.state} reload={query.reload}>
        {(page) => {
          const entries = [...page.entries, ...more.rows];
          const next = more.nextAfter(page.next_before);
          return (
            <>
              <ConsoleTable
                caption={t('consoleAudit')}
                testId="audit-table"
                headings={[t('consoleAuditWhen'), t('consoleAuditWho'), t('consoleAuditAction'), t('consoleAuditChanges')]}
                empty={entries.length === 0 ? t('consoleAuditEmpty') : null}
              >
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDate(entry.created_at, locale, true)}</td>
                    <td>
                      {entry.user_name || t('consoleAuditGone', { id: entry.user_id })}
                      <div className="form-hint">{entry.role}</div>
                    </td>
                    <td>
                      <code>{entry.action}</code>
                      <div className="form-hint">
                        {entry.entity}
                        {entry.entity_id ? ` #${entry.entity_id}` : ''}
                      </div>
                    </td>
                    <td>
                      <AuditDetails details={entry.details} />
                    </td>
                  </tr>
                ))}
              </ConsoleTable>
              <LoadMore pages={more} next={next} />
            </>
          );
        }}
      </QueryView>
    </>
  );
}

/** The changed values as name: value lines; long values are cut, the whole one is in the title. */
function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <span className="form-hint">—</span>;
  return (
    <dl className="console-audit-details">
      {entries.map(([name, value]) => {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        return (
          <div key={name}>
            <dt>{name}</dt>
            <dd title={text}>{text.length > 120 ? `${text.slice(0, 117)}…` : text}</dd>
          </div>
        );
      })}
    </dl>
  );
}
