/** What an agent does on the call-centre page: find the caller and act for them, or register a guest and act for them. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CustomerMatch } from '../../api/account/entities.ts';
import { PASSWORD_MIN_LENGTH } from '../../api/account/limits.ts';
import type { SyncFailure } from '../../api/worker-api.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import {
  checkFields,
  checkName,
  checkOptionalEmail,
  checkOptionalNewPassword,
  checkPhone,
  type FieldCheck,
} from '../../lib/account-validation.ts';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';

/** Opens the chosen customer's session and goes home to order for them; a refusal goes to the form's report. */
function useActFor(onRefused: (failure: SyncFailure) => void) {
  const { worker } = useServices();
  const navigate = useNavigate();
  const [opening, setOpening] = useState<number | null>(null);
  const actFor = async (customer: CustomerMatch) => {
    setOpening(customer.id);
    const result = await worker.loginAsCustomer(customer.id);
    setOpening(null);
    if (result.ok) return navigate('/', { replace: true });
    onRefused(result);
  };
  return { opening, actFor };
}

/** One customer found: who they are (name, phone, e-mail, how many addresses) and the button to act for them. */
function CustomerMatchRow({ customer, opening, onActFor }: { customer: CustomerMatch; opening: number | null; onActFor(customer: CustomerMatch): void }) {
  const t = useT();
  return (
    <li className="call-centre-match" data-testid="customer-match">
      <div>
        <p className="call-centre-match-name">
          <bdi>{customer.name}</bdi>
        </p>
        <p className="form-hint">
          {customer.phone && (
            <>
              <bdi dir="ltr">{customer.phone}</bdi>
              {' · '}
            </>
          )}
          <bdi>{customer.email}</bdi>
          {' · '}
          {t('callCentreAddressCount', { count: customer.address_count })}
        </p>
      </div>
      <button
        type="button"
        className="button button-secondary"
        disabled={opening !== null}
        onClick={() => onActFor(customer)}
        aria-label={t('callCentreActForName', { name: customer.name })}
      >
        {opening === customer.id ? t('callCentreOpening') : t('callCentreActAction')}
      </button>
    </li>
  );
}

const SEARCH_FIELDS = ['query'] as const;

/** What the agent types: a phone number in any format, a name or an e-mail (at least two characters). */
const checkCustomerQuery: FieldCheck = (value) => (value.trim().length >= 2 ? null : 'fieldCustomerSearchRequired');

/** Finds the caller by what they say (phone, name or e-mail), shows who matches, and acts for the one the agent picks. */
export function CustomerSearch() {
  const t = useT();
  const { worker } = useServices();
  const form = useFormErrors(SEARCH_FIELDS);
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<{ query: string; customers: CustomerMatch[] } | null>(null);
  const { opening, actFor } = useActFor((failure) => form.reportFailure(failure));

  const find = async (text: string) => {
    const problems = checkFields({ query: text }, { query: checkCustomerQuery });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.searchCustomers(text));
    if (result.ok) setMatches({ query: text.trim(), customers: result.value });
    else form.reportFailure(result, { VALIDATION_FAILED: 'query' });
  };

  return (
    <form
      className="card form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void find(query);
      }}
      aria-labelledby="act-for-heading"
      data-testid="act-for-customer"
      role="search"
    >
      <h2 id="act-for-heading" className="card-title">
        {t('callCentreActHeading')}
      </h2>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField
        {...form.inputProps('query', query, setQuery)}
        label={t('fieldCustomerSearch')}
        hint={t('fieldCustomerSearchHint')}
        type="search"
        autoComplete="off"
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? t('sending') : t('callCentreSearchAction')}
        </button>
      </div>
      {matches && (
        <div aria-live="polite" data-testid="customer-matches">
          {matches.customers.length === 0 ? (
            <p className="form-note">{t('callCentreNoMatch', { query: matches.query })}</p>
          ) : (
            <ul className="grouped-list call-centre-matches" aria-label={t('callCentreMatches', { count: matches.customers.length })}>
              {matches.customers.map((customer) => (
                <CustomerMatchRow key={customer.id} customer={customer} opening={opening} onActFor={(chosen) => void actFor(chosen)} />
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

const GUEST_FIELDS = ['name', 'phone', 'email', 'password'] as const;
type GuestField = (typeof GUEST_FIELDS)[number];

export function GuestForm() {
  const t = useT();
  const { worker } = useServices();
  const navigate = useNavigate();
  const form = useFormErrors(GUEST_FIELDS);
  const [values, setValues] = useState<Record<GuestField, string>>({ name: '', phone: '', email: '', password: '' });
  /** Who already has the phone number typed, once the server said it is taken. */
  const [owner, setOwner] = useState<CustomerMatch | null>(null);
  const { opening, actFor } = useActFor((failure) => form.reportFailure(failure));

  const edit = (field: GuestField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearField(field);
    if (field === 'phone') setOwner(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkFields(values, { name: checkName, phone: checkPhone, email: checkOptionalEmail, password: checkOptionalNewPassword });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.registerGuestUser(values));
    if (result.ok) return navigate('/', { replace: true });
    // The caller already has an account: say whose, to act for them instead.
    if ('code' in result && result.code === 'PHONE_TAKEN') {
      const found = await worker.searchCustomers(values.phone);
      setOwner(found.ok ? (found.value[0] ?? null) : null);
    }
    form.reportFailure(result, {
      DETAILS_REQUIRED: 'name',
      INVALID_PHONE: 'phone',
      PHONE_TAKEN: 'phone',
      INVALID_EMAIL: 'email',
      EMAIL_TAKEN: 'email',
      PASSWORD_TOO_SHORT: 'password',
    });
  };

  return (
    <form className="card form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="guest-heading" data-testid="register-guest">
      <h2 id="guest-heading" className="card-title">
        {t('callCentreGuestHeading')}
      </h2>
      <p className="form-note">{t('callCentreGuestIntro')}</p>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField {...form.fieldProps('name')} label={t('fieldName')} autoComplete="off" value={values.name} onChange={(e) => edit('name')(e.target.value)} />
      <FormField
        {...form.fieldProps('phone')}
        label={t('fieldPhone')}
        hint={t('fieldPhoneHint')}
        type="tel"
        autoComplete="off"
        value={values.phone}
        onChange={(e) => edit('phone')(e.target.value)}
      />
      {owner && (
        <div className="call-centre-owner" data-testid="phone-owner">
          <p className="form-note">{t('callCentrePhoneBelongsTo', { name: owner.name })}</p>
          <ul className="grouped-list call-centre-matches">
            <CustomerMatchRow customer={owner} opening={opening} onActFor={(chosen) => void actFor(chosen)} />
          </ul>
        </div>
      )}
      <FormField
        {...form.fieldProps('email')}
        label={t('fieldEmailOptional')}
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={(e) => edit('email')(e.target.value)}
      />
      <FormField
        {...form.fieldProps('password')}
        label={t('fieldPasswordOptional')}
        hint={t('fieldGuestPasswordHint', { min: PASSWORD_MIN_LENGTH })}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => edit('password')(e.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? t('sending') : t('callCentreGuestAction')}
        </button>
      </div>
    </form>
  );
}
