/**
 * Creates a driver, a store owner or a call-centre agent who then signs in
 * with the e-mail and password given here; a driver is linked to the stores
 * they deliver for, a store owner given their stores.
 */
import { useState, type FormEvent } from 'react';
import { ROLES_WITH_STORES, STAFF_ROLES, type StaffRole } from '../../../api/admin/limits.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { checkEmail, checkName, checkNewPassword } from '../../../lib/account-validation.ts';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { ChecklistField, SelectField } from '../console-fields.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { FormButtons } from '../CrudList.tsx';
import { useConsoleForm } from '../use-console-form.ts';
import { storeChoicesOf, useStoreChoices } from '../use-store-choices.ts';
import { ROLE_TEXT } from './user-words.ts';

const FIELDS = ['role', 'name', 'email', 'phone', 'password', 'store_ids'] as const;

export function NewStaffForm({ onCreated, onCancel }: { onCreated(): void; onCancel(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const stores = storeChoicesOf(useStoreChoices());
  const form = useConsoleForm(FIELDS, {
    codeFields: {
      EMAIL_TAKEN: 'email',
      INVALID_EMAIL: 'email',
      PHONE_TAKEN: 'phone',
      INVALID_PHONE: 'phone',
      PASSWORD_TOO_SHORT: 'password',
      NOT_FOUND: 'store_ids',
    },
    savedText: 'consoleStaffCreated',
  });
  const [role, setRole] = useState<StaffRole>('driver');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [storeIds, setStoreIds] = useState<string[]>([]);
  const hasStores = (ROLES_WITH_STORES as readonly string[]).includes(role);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = Object.entries({ name: checkName(name), email: checkEmail(email), password: checkNewPassword(password) }).filter(
      (entry): entry is [string, NonNullable<(typeof entry)[1]>] => entry[1] !== null,
    );
    if (problems.length > 0) return form.report(Object.fromEntries(problems.map(([field, key]) => [field, t(key)])));
    const created = await form.submit(() =>
      call('admin/create-user', {
        role,
        name: name.trim(),
        email: email.trim(),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        password,
        ...(hasStores ? { store_ids: storeIds.map(Number) } : {}),
      }),
    );
    if (created) onCreated();
  };

  return (
    <form className="form console-card" onSubmit={submit} noValidate data-testid="new-staff-form">
      <h2>{t('consoleCreateStaff')}</h2>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <SelectField
        {...form.field('role')}
        label={t('consoleRole')}
        value={role}
        choices={STAFF_ROLES.map((value) => ({ value, label: t(ROLE_TEXT[value]) }))}
        onChange={(e) => setRole(e.target.value as StaffRole)}
      />
      <div className="console-field-grid">
        <FormField {...form.field('name')} label={t('consoleName')} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        <FormField {...form.field('email')} label={t('consoleEmail')} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormField {...form.field('phone')} label={t('consolePhoneOptional')} type="tel" autoComplete="off" value={phone} onChange={(e) => setPhone(e.target.value)} />
        <FormField {...form.field('password')} label={t('consoleFirstPassword')} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      {hasStores && (
        <ChecklistField
          {...form.field('store_ids')}
          label={t(role === 'driver' ? 'consoleDriverStores' : 'consoleOwnerStores')}
          empty={t('consoleNoStoresYet')}
          choices={stores.map((store) => ({ value: String(store.id), label: store.name }))}
          selected={storeIds}
          onChange={setStoreIds}
        />
      )}
      <FormButtons sending={form.sending} isNew onCancel={onCancel} />
    </form>
  );
}
