/**
 * /admin/users/:id: one person — their details and a new password, their
 * stores (a driver's or a store owner's), a ban, and their wallet: the
 * balance, an adjustment with the reason they will read in their ledger,
 * and the newest entries.
 */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ROLES_WITH_STORES } from '../../../api/admin/limits.ts';
import type { AdminUser, AdminUserDetail } from '../../../api/admin/entities.ts';
import { useLanguage, useT } from '../../../base/settings-and-language.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { useMoney } from '../../../ui/use-money.ts';
import { ChecklistField } from '../console-fields.tsx';
import { useConsoleCall, useConsoleSession } from '../console-session.tsx';
import { useAnnounce } from '../console-toast.tsx';
import { Pill, QueryView, SectionHeader } from '../console-ui.tsx';
import { useConsoleForm } from '../use-console-form.ts';
import { useConsoleQuery, useFailureText } from '../use-console-query.ts';
import { storeChoicesOf, useStoreChoices } from '../use-store-choices.ts';
import { ROLE_TEXT } from './user-words.ts';
import { WalletAdjustForm } from './WalletAdjustForm.tsx';

export function UserDetail() {
  const t = useT();
  const id = Number(useParams().id);
  const query = useConsoleQuery('admin/get-user', Number.isInteger(id) && id > 0 ? { user_id: id } : null);
  return (
    <>
      <p>
        <Link to="/admin/users">{t('consoleBackToUsers')}</Link>
      </p>
      <QueryView state={query.state} reload={query.reload}>
        {(detail) => <UserPanels key={detail.user.id} detail={detail} onChanged={query.replace} reload={query.reload} />}
      </QueryView>
    </>
  );
}

function UserPanels({ detail, onChanged, reload }: { detail: AdminUserDetail; onChanged(detail: AdminUserDetail): void; reload(): void }) {
  const t = useT();
  const money = useMoney();
  const locale = useLanguage()?.code;
  const { user } = detail;
  const setUser = (next: AdminUser) => onChanged({ ...detail, user: next });
  return (
    <>
      <SectionHeader title={user.name} intro={`${t(ROLE_TEXT[user.role])} · ${t('consoleMemberSince', { date: formatDate(user.created_at, locale) })}`}>
        {user.is_banned ? <Pill tone="bad">{t('consoleBanned')}</Pill> : <Pill tone="good">{t('consoleActive')}</Pill>}
      </SectionHeader>
      <div className="console-columns">
        <div className="console-stack">
          <ProfileForm user={user} onSaved={setUser} />
          {(ROLES_WITH_STORES as readonly string[]).includes(user.role) && <StoresForm user={user} onSaved={setUser} />}
          <BanPanel user={user} onChanged={setUser} />
        </div>
        <div className="console-stack">
          <section className="console-card" aria-labelledby="wallet-title" data-testid="user-wallet">
            <h2 id="wallet-title">{t('consoleWalletBalance', { amount: money(user.wallet_balance) })}</h2>
            <WalletAdjustForm userId={user.id} onAdjusted={reload} />
            <h3>{t('consoleWalletEntries')}</h3>
            {detail.wallet_transactions.length === 0 && <p className="form-hint">{t('consoleNoWalletEntries')}</p>}
            <ul className="console-ledger">
              {detail.wallet_transactions.map((entry) => (
                <li key={entry.id} className="console-list-row">
                  <span>
                    {entry.reason}
                    <span className="form-hint"> · {formatDate(entry.created_at, locale, true)}</span>
                  </span>
                  <strong className={entry.amount < 0 ? 'console-debit' : 'console-credit'}>
                    {entry.amount > 0 ? '+' : ''}
                    {money(entry.amount)}
                  </strong>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

const PROFILE_FIELDS = ['name', 'email', 'phone', 'password'] as const;

function ProfileForm({ user, onSaved }: { user: AdminUser; onSaved(user: AdminUser): void }) {
  const t = useT();
  const call = useConsoleCall();
  const form = useConsoleForm(PROFILE_FIELDS, {
    codeFields: { EMAIL_TAKEN: 'email', INVALID_EMAIL: 'email', PHONE_TAKEN: 'phone', INVALID_PHONE: 'phone', PASSWORD_TOO_SHORT: 'password' },
  });
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await form.submit(() =>
      call('admin/update-user', { user_id: user.id, name: name.trim(), email: email.trim(), phone: phone.trim(), ...(password ? { password } : {}) }),
    );
    if (!saved) return;
    setPassword('');
    onSaved(saved);
  };

  return (
    <form className="form console-card" onSubmit={submit} noValidate data-testid="profile-form">
      <h2>{t('consoleProfile')}</h2>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField {...form.field('name')} label={t('consoleName')} value={name} onChange={(e) => setName(e.target.value)} />
      <FormField {...form.field('email')} label={t('consoleEmail')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormField {...form.field('phone')} label={t('consolePhoneOptional')} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
      <FormField
        {...form.field('password')}
        label={t('consoleNewPassword')}
        hint={t('consoleNewPasswordHint')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="button button-primary" disabled={form.sending}>
        {form.sending ? t('consoleSaving') : t('consoleSave')}
      </button>
    </form>
  );
}

const STORE_FIELDS = ['store_ids'] as const;

function StoresForm({ user, onSaved }: { user: AdminUser; onSaved(user: AdminUser): void }) {
  const t = useT();
  const call = useConsoleCall();
  const stores = storeChoicesOf(useStoreChoices());
  const form = useConsoleForm(STORE_FIELDS, { codeFields: { NOT_FOUND: 'store_ids', WRONG_USER_ROLE: 'store_ids' } });
  const [selected, setSelected] = useState(user.stores.map((store) => String(store.id)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await form.submit(() => call('admin/set-user-stores', { user_id: user.id, store_ids: selected.map(Number) }));
    if (saved) onSaved(saved);
  };

  return (
    <form className="form console-card" onSubmit={submit} noValidate data-testid="user-stores-form">
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <ChecklistField
        {...form.field('store_ids')}
        label={t(user.role === 'driver' ? 'consoleDriverStores' : 'consoleOwnerStores')}
        hint={user.role === 'store_owner' ? t('consoleOwnerStoresHint') : undefined}
        empty={t('consoleNoStoresYet')}
        choices={stores.map((store) => ({ value: String(store.id), label: store.name }))}
        selected={selected}
        onChange={setSelected}
      />
      <button type="submit" className="button button-primary" disabled={form.sending}>
        {form.sending ? t('consoleSaving') : t('consoleSaveStores')}
      </button>
    </form>
  );
}

function BanPanel({ user, onChanged }: { user: AdminUser; onChanged(user: AdminUser): void }) {
  const t = useT();
  const call = useConsoleCall();
  const announce = useAnnounce();
  const failureText = useFailureText();
  const self = useConsoleSession().userId === user.id;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const setBan = async (isBanned: boolean) => {
    setBusy(true);
    setProblem(null);
    const result = await call('admin/set-user-ban', { user_id: user.id, is_banned: isBanned });
    setBusy(false);
    setConfirming(false);
    if (!result.ok) return setProblem(failureText(result));
    onChanged(result.value);
    announce(t(isBanned ? 'consoleUserBanned' : 'consoleUserUnbanned', { name: user.name }));
  };

  return (
    <section className="console-card" aria-labelledby="ban-title">
      <h2 id="ban-title">{t('consoleBanTitle')}</h2>
      <p className="form-hint">{t(user.is_banned ? 'consoleBannedExplained' : 'consoleBanExplained')}</p>
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      {user.is_banned ? (
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void setBan(false)}>
          {t('consoleUnban')}
        </button>
      ) : (
        <button type="button" className="button button-danger" disabled={busy || self} onClick={() => setConfirming(true)}>
          {t('consoleBan')}
        </button>
      )}
      {self && !user.is_banned && <p className="form-hint">{t('consoleCannotBanSelf')}</p>}
      {confirming && (
        <ConfirmDialog
          title={t('consoleBanConfirmTitle', { name: user.name })}
          confirmLabel={t('consoleBan')}
          cancelLabel={t('consoleCancel')}
          busy={busy}
          onConfirm={() => void setBan(true)}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('consoleBanExplained')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
