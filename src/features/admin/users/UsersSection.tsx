/**
 * /admin/users: people by role, with a search (name, e-mail or phone) and a
 * banned filter, more on demand, and a form that creates drivers, store
 * owners and call-centre agents; /admin/users/:id manages one person.
 */
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { USER_ROLE_NAMES, type UserRoleName } from '../../../api/account/limits.ts';
import { ADMIN_PAGE_SIZE } from '../../../api/admin/limits.ts';
import type { AdminUser } from '../../../api/admin/entities.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { useMoney } from '../../../ui/use-money.ts';
import { SelectField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { ConsoleTable, Pill, QueryView, SearchBox, SectionHeader } from '../console-ui.tsx';
import { useConsoleQuery, useFailureText } from '../use-console-query.ts';
import { LoadMore, useMorePages } from '../use-more-pages.tsx';
import { useDebounced } from '../use-debounced.ts';
import { NewStaffForm } from './NewStaffForm.tsx';
import { UserDetail } from './UserDetail.tsx';
import { ROLE_TEXT } from './user-words.ts';

export default function UsersSection() {
  return (
    <Routes>
      <Route index element={<UserList />} />
      <Route path=":id" element={<UserDetail />} />
    </Routes>
  );
}

function UserList() {
  const t = useT();
  const call = useConsoleCall();
  const money = useMoney();
  const failureText = useFailureText();
  const [role, setRole] = useState<UserRoleName | ''>('');
  const [banned, setBanned] = useState<'' | 'yes' | 'no'>('');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const q = useDebounced(search.trim());
  const filters = {
    limit: ADMIN_PAGE_SIZE,
    ...(role ? { role } : {}),
    ...(q ? { q } : {}),
    ...(banned ? { banned: banned === 'yes' } : {}),
  };
  const key = JSON.stringify(filters);
  const query = useConsoleQuery('admin/get-users', filters);
  const more = useMorePages<AdminUser>(key, async (before) => {
    const result = await call('admin/get-users', { ...filters, before });
    return result.ok ? { rows: result.value.users, next: result.value.next_before } : { error: failureText(result) };
  });

  return (
    <>
      <SectionHeader title={t('consoleUsers')} intro={t('consoleUsersIntro')}>
        <button type="button" className="button button-primary" aria-expanded={creating} onClick={() => setCreating((open) => !open)}>
          {t('consoleCreateStaff')}
        </button>
      </SectionHeader>
      {creating && (
        <NewStaffForm
          onCreated={() => {
            setCreating(false);
            query.reload();
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      <div className="console-toolbar console-filters">
        <SearchBox label={t('consoleSearchUsers')} value={search} onChange={setSearch} />
        <SelectField
          id="users-role"
          label={t('consoleRole')}
          value={role}
          choices={[{ value: '', label: t('consoleAllRoles') }, ...USER_ROLE_NAMES.map((name) => ({ value: name, label: t(ROLE_TEXT[name]) }))]}
          onChange={(event) => setRole(event.target.value as UserRoleName | '')}
        />
        <SelectField
          id="users-banned"
          label={t('consoleBanState')}
          value={banned}
          choices={[
            { value: '', label: t('consoleEveryone') },
            { value: 'yes', label: t('consoleBannedOnly') },
            { value: 'no', label: t('consoleNotBanned') },
          ]}
          onChange={(event) => setBanned(event.target.value as '' | 'yes' | 'no')}
        />
      </div>
      <QueryView state={query.state} reload={query.reload}>
        {(page) => {
          const users = [...page.users, ...more.rows];
          const next = more.nextAfter(page.next_before);
          return (
            <>
              <ConsoleTable
                caption={t('consoleUsers')}
                testId="users-table"
                headings={[t('consoleName'), t('consoleRole'), t('consoleStoresHeading'), t('consoleWallet'), t('consoleState')]}
                empty={users.length === 0 ? t('consoleNoMatches') : null}
              >
                {users.map((user) => (
                  <tr key={user.id}>
                    <th scope="row">
                      <Link to={`${user.id}`}>{user.name}</Link>
                      <div className="form-hint">{[user.email, user.phone].filter(Boolean).join(' · ')}</div>
                    </th>
                    <td>{t(ROLE_TEXT[user.role])}</td>
                    <td>{user.stores.map((store) => store.name).join(', ') || '—'}</td>
                    <td>{money(user.wallet_balance)}</td>
                    <td>{user.is_banned ? <Pill tone="bad">{t('consoleBanned')}</Pill> : <Pill tone="good">{t('consoleActive')}</Pill>}</td>
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
