/**
 * /login/forgot-password: the e-mail gets a code (send-password-reset-mail),
 * the code is checked (verify-password-reset-otp), then the new password is
 * set (change-user-password), which also signs in.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ONE_TIME_CODE_DIGITS, PASSWORD_MIN_LENGTH } from '../../api/account/limits.ts';
import type { ErrorCode } from '../../api/errors.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { checkCode, checkEmail, checkFields, checkNewPassword } from '../../lib/account-validation.ts';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';
import { CodeField } from './CodeField.tsx';
import { withNextPath } from '../../lib/return-path.ts';
import { useAfterSignIn, useNextPath } from './use-after-sign-in.ts';
import '../../ui/form.css';
import './auth.css';

const FIELDS = ['email', 'code', 'password'] as const;
type Step = 'email' | 'code' | 'password';
const CODE_FIELDS: Partial<Record<ErrorCode, (typeof FIELDS)[number]>> = { CODE_WRONG: 'code', CODE_EXPIRED: 'code', TOO_MANY_ATTEMPTS: 'code' };

export function ForgotPasswordScreen() {
  const t = useT();
  const { worker } = useServices();
  const after = useAfterSignIn();
  const next = useNextPath();
  const form = useFormErrors(FIELDS);
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [minutes, setMinutes] = useState(0);

  const sendCode = async () => {
    const problems = checkFields({ email }, { email: checkEmail });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.requestPasswordReset(email));
    if (!result.ok) return form.reportFailure(result, { UNKNOWN_USER: 'email', INVALID_EMAIL: 'email' });
    form.report({});
    setMinutes(Math.round(result.value.expiresInSeconds / 60));
    setStep('code');
  };

  const checkTheCode = async () => {
    const problems = checkFields({ code }, { code: checkCode });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.verifyPasswordResetCode(email, code));
    if (!result.ok) return form.reportFailure(result, CODE_FIELDS);
    form.report({});
    setStep('password');
  };

  const savePassword = async () => {
    const problems = checkFields({ password }, { password: checkNewPassword });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.changePassword(email, code, password));
    if (result.ok) return after();
    // The code ran out between the steps: ask for a new one.
    if ('code' in result && CODE_FIELDS[result.code]) setStep('code');
    form.reportFailure(result, { ...CODE_FIELDS, PASSWORD_TOO_SHORT: 'password' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (step === 'email' ? sendCode() : step === 'code' ? checkTheCode() : savePassword());
  };

  const action = step === 'email' ? t('sendCode') : step === 'code' ? t('resetCheckCode') : t('resetSavePassword');
  return (
    <ScreenShell title={t('screenForgotPassword')} className="auth-screen">
      <form className="card auth-card form" noValidate onSubmit={submit} aria-labelledby="reset-heading" data-testid="reset-form">
        <h2 id="reset-heading" className="card-title">
          {step === 'email' ? t('resetHeading') : step === 'code' ? t('resetCodeHeading') : t('resetPasswordHeading')}
        </h2>
        <FormAlert message={form.formError} bind={form.bindAlert} />
        {step === 'email' && <p className="form-note">{t('resetIntro')}</p>}
        <FormField
          {...form.fieldProps('email')}
          label={t('fieldEmail')}
          type="email"
          autoComplete="email"
          value={email}
          readOnly={step !== 'email'}
          onChange={(event) => {
            setEmail(event.target.value);
            form.clearField('email');
          }}
        />
        {step === 'code' && (
          <>
            <p className="form-note" role="status">
              {t('codeSentEmail', { email, minutes, digits: ONE_TIME_CODE_DIGITS })}
            </p>
            <CodeField
              {...form.fieldProps('code')}
              value={code}
              onValue={(value) => {
                setCode(value);
                form.clearField('code');
              }}
            />
          </>
        )}
        {step === 'password' && (
          <FormField
            {...form.inputProps('password', password, setPassword)}
            label={t('fieldNewPassword')}
            hint={t('fieldNewPasswordHint', { min: PASSWORD_MIN_LENGTH })}
            type="password"
            autoComplete="new-password"
          />
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={form.sending}>
            {form.sending ? t('sending') : action}
          </button>
          {step === 'code' && (
            <button type="button" className="button button-ghost" disabled={form.sending} onClick={() => void sendCode()}>
              {t('sendNewCode')}
            </button>
          )}
        </div>
      </form>
      <p className="auth-switch">
        <Link to={withNextPath('/login', next)}>{t('resetBackToSignIn')}</Link>
      </p>
    </ScreenShell>
  );
}
