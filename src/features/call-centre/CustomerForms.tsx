/** What an agent does on the call-centre page: act for a customer by number, or register a guest and act for them. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '../../api/account-limits.ts';
import { useT } from '../../app/look.tsx';
import { useServices } from '../../app/services.tsx';
import {
  checkCustomerId,
  checkFields,
  checkName,
  checkOptionalEmail,
  checkOptionalNewPassword,
  checkPhone,
} from '../../lib/account-validation.ts';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';

const PICKER_FIELDS = ['customerId'] as const;

export function CustomerPicker() {
  const t = useT();
  const { worker } = useServices();
  const navigate = useNavigate();
  const form = useFormErrors(PICKER_FIELDS);
  const [customerId, setCustomerId] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkFields({ customerId }, { customerId: checkCustomerId });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.loginAsCustomer(Number(customerId.trim())));
    if (result.ok) return navigate('/', { replace: true });
    form.reportFailure(result, { UNKNOWN_USER: 'customerId', NOT_FOUND: 'customerId', VALIDATION_FAILED: 'customerId' });
  };

  return (
    <form className="card form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="act-for-heading" data-testid="act-for-customer">
      <h2 id="act-for-heading" className="card-title">
        {t('callCentreActHeading')}
      </h2>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField
        {...form.inputProps('customerId', customerId, setCustomerId)}
        label={t('fieldCustomerId')}
        hint={t('fieldCustomerIdHint')}
        inputMode="numeric"
        autoComplete="off"
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? t('sending') : t('callCentreActAction')}
        </button>
      </div>
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

  const edit = (field: GuestField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearField(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkFields(values, { name: checkName, phone: checkPhone, email: checkOptionalEmail, password: checkOptionalNewPassword });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.registerGuestUser(values));
    if (result.ok) return navigate('/', { replace: true });
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
