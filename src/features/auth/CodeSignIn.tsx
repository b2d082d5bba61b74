/**
 * Signing in with a code texted to the phone (generate-otp-for-login, then
 * login-with-otp). A phone without an account also gives a name and an
 * e-mail at the code step, and the code creates the account.
 */
import { useState, type FormEvent } from 'react';
import { ONE_TIME_CODE_DIGITS } from '../../api/account/limits.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { checkCode, checkEmail, checkFields, checkName, checkPhone } from '../../lib/account-validation.ts';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';
import { CodeField } from './CodeField.tsx';

const FIELDS = ['phone', 'code', 'name', 'email'] as const;

interface Sent {
  registered: boolean;
  minutes: number;
}

export function CodeSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useT();
  const { worker } = useServices();
  const form = useFormErrors(FIELDS);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [resent, setResent] = useState(false);

  const requestCode = async () => {
    const problems = checkFields({ phone }, { phone: checkPhone });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.requestLoginCode(phone));
    if (!result.ok) {
      setSent(null);
      return form.reportFailure(result, { INVALID_PHONE: 'phone' });
    }
    form.report({});
    setResent(sent !== null);
    setSent({ registered: result.value.registered, minutes: Math.round(result.value.expiresInSeconds / 60) });
  };

  const signIn = async () => {
    if (!sent) return;
    const checks = sent.registered ? { code: checkCode } : { code: checkCode, name: checkName, email: checkEmail };
    const problems = checkFields({ phone, code, name, email }, checks);
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() =>
      worker.loginWithCode(sent.registered ? { phone, code } : { phone, code, name, email }),
    );
    if (result.ok) return onSignedIn();
    form.reportFailure(result, {
      CODE_WRONG: 'code',
      CODE_EXPIRED: 'code',
      TOO_MANY_ATTEMPTS: 'code',
      INVALID_EMAIL: 'email',
      EMAIL_TAKEN: 'email',
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (sent ? signIn() : requestCode());
  };

  return (
    <form className="form" noValidate onSubmit={submit} data-testid="code-sign-in">
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField
        {...form.fieldProps('phone')}
        label={t('fieldPhone')}
        hint={t('fieldPhoneHint')}
        type="tel"
        autoComplete="tel"
        value={phone}
        readOnly={sent !== null}
        onChange={(event) => {
          setPhone(event.target.value);
          form.clearField('phone');
        }}
      />
      {sent && (
        <>
          <p className="form-note" role="status">
            {t(resent ? 'codeResent' : 'codeSentSms', { phone, minutes: sent.minutes, digits: ONE_TIME_CODE_DIGITS })}
          </p>
          <CodeField
            {...form.fieldProps('code')}
            value={code}
            onValue={(value) => {
              setCode(value);
              form.clearField('code');
            }}
          />
          {!sent.registered && (
            <>
              <p className="form-note">{t('codeNewAccountNote')}</p>
              <FormField
                {...form.inputProps('name', name, setName)}
                label={t('fieldName')}
                autoComplete="name"
              />
              <FormField
                {...form.inputProps('email', email, setEmail)}
                label={t('fieldEmail')}
                type="email"
                autoComplete="email"
              />
            </>
          )}
        </>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? t('sending') : sent ? t('signIn') : t('sendCode')}
        </button>
        {sent && (
          <>
            <button type="button" className="button button-ghost" disabled={form.sending} onClick={() => void requestCode()}>
              {t('sendNewCode')}
            </button>
            <button
              type="button"
              className="button-link"
              onClick={() => {
                setSent(null);
                setCode('');
                form.report({});
              }}
            >
              {t('useAnotherPhone')}
            </button>
          </>
        )}
      </div>
    </form>
  );
}
