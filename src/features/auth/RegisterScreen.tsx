/**
 * /register: name, e-mail, phone and password, checked here field by field;
 * then a code texted to the phone (send-otp, which also says early when the
 * e-mail or phone already has an account) confirms it, and register takes
 * the code with the details.
 */
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { ONE_TIME_CODE_DIGITS, PASSWORD_MIN_LENGTH } from '../../api/account/limits.ts';
import type { ErrorCode } from '../../api/errors.ts';
import { useCustomerSession } from '../../base/hooks/use-session.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import { checkCode, checkEmail, checkFields, checkName, checkNewPassword, checkPhone } from '../../lib/account-validation.ts';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';
import { CodeField } from './CodeField.tsx';
import { withNextPath } from '../../lib/return-path.ts';
import { useAfterSignIn, useNextPath } from './use-after-sign-in.ts';
import '../../ui/form.css';
import './auth.css';

const FIELDS = ['name', 'email', 'phone', 'password', 'code'] as const;
type Field = (typeof FIELDS)[number];

/** Server codes about the details: shown under their field, back on the details step. */
const DETAIL_FIELDS: Partial<Record<ErrorCode, Field>> = {
  INVALID_EMAIL: 'email',
  EMAIL_TAKEN: 'email',
  INVALID_PHONE: 'phone',
  PHONE_TAKEN: 'phone',
  PASSWORD_TOO_SHORT: 'password',
  DETAILS_REQUIRED: 'name',
};
const CODE_FIELDS: Partial<Record<ErrorCode, Field>> = { CODE_WRONG: 'code', CODE_EXPIRED: 'code', TOO_MANY_ATTEMPTS: 'code' };

export function RegisterScreen() {
  const t = useT();
  const session = useCustomerSession();
  const { worker } = useServices();
  const after = useAfterSignIn();
  const next = useNextPath();
  const form = useFormErrors(FIELDS);
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', phone: '', password: '', code: '' });
  const [codeMinutes, setCodeMinutes] = useState<number | null>(null);

  const edit = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearField(field);
  };

  const sendCode = async () => {
    const problems = checkFields(values, { name: checkName, email: checkEmail, phone: checkPhone, password: checkNewPassword });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.sendOtp(values.phone, values.email));
    if (!result.ok) return form.reportFailure(result, DETAIL_FIELDS);
    form.report({});
    setCodeMinutes(Math.round(result.value.expiresInSeconds / 60));
  };

  const register = async () => {
    const problems = checkFields(values, { code: checkCode });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const { name, email, phone, password, code } = values;
    const result = await form.send(() => worker.register({ name, email, phone, password, otp: code }));
    if (result.ok) return after();
    // A detail the server refused only now (someone took the e-mail meanwhile): back to the details.
    if ('code' in result && DETAIL_FIELDS[result.code]) setCodeMinutes(null);
    form.reportFailure(result, { ...DETAIL_FIELDS, ...CODE_FIELDS });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (codeMinutes === null ? sendCode() : register());
  };

  if (session === undefined) return <ScreenFallback />;
  if (session) return <Navigate to={next ?? '/my-account'} replace />;
  const onDetails = codeMinutes === null;
  return (
    <ScreenShell title={t('screenRegister')} className="auth-screen">
      <form className="card auth-card form" noValidate onSubmit={submit} aria-labelledby="register-heading" data-testid="register-form">
        <h2 id="register-heading" className="card-title">
          {onDetails ? t('registerHeading') : t('registerCodeHeading')}
        </h2>
        <FormAlert message={form.formError} bind={form.bindAlert} />
        {onDetails ? (
          <>
            <FormField {...form.fieldProps('name')} label={t('fieldName')} autoComplete="name" value={values.name} onChange={(e) => edit('name')(e.target.value)} />
            <FormField
              {...form.fieldProps('email')}
              label={t('fieldEmail')}
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={(e) => edit('email')(e.target.value)}
            />
            <FormField
              {...form.fieldProps('phone')}
              label={t('fieldPhone')}
              hint={t('fieldPhoneHint')}
              type="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={(e) => edit('phone')(e.target.value)}
            />
            <FormField
              {...form.fieldProps('password')}
              label={t('fieldPassword')}
              hint={t('fieldNewPasswordHint', { min: PASSWORD_MIN_LENGTH })}
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => edit('password')(e.target.value)}
            />
          </>
        ) : (
          <>
            <p className="form-note" role="status">
              {t('codeSentSms', { phone: values.phone, minutes: codeMinutes, digits: ONE_TIME_CODE_DIGITS })}
            </p>
            <CodeField {...form.fieldProps('code')} value={values.code} onValue={edit('code')} />
          </>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={form.sending}>
            {form.sending ? t('sending') : onDetails ? t('registerContinue') : t('registerAction')}
          </button>
          {!onDetails && (
            <>
              <button type="button" className="button button-ghost" disabled={form.sending} onClick={() => void sendCode()}>
                {t('sendNewCode')}
              </button>
              <button type="button" className="button-link" onClick={() => setCodeMinutes(null)}>
                {t('registerChangeDetails')}
              </button>
            </>
          )}
        </div>
      </form>
      <p className="auth-switch">
        {t('registerHaveAccount')} <Link to={withNextPath('/login', next)}>{t('signIn')}</Link>
      </p>
    </ScreenShell>
  );
}
