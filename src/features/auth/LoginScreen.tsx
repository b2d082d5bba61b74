/**
 * /login: with a password (e-mail or phone), or with a code texted to the
 * phone (CodeSignIn). A signed-in visitor goes to the account page.
 */
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useCustomerSession } from '../../app/hooks/use-session.ts';
import { useT } from '../../app/look.tsx';
import { ScreenFallback } from '../../app/ScreenFallback.tsx';
import { useServices } from '../../app/services.tsx';
import { checkEmailOrPhone, checkFields, checkPassword } from '../../lib/account-validation.ts';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';
import { CodeSignIn } from './CodeSignIn.tsx';
import { useAfterSignIn } from './use-after-sign-in.ts';
import '../../ui/form.css';
import './auth.css';

type Mode = 'password' | 'code';

export function LoginScreen() {
  const t = useT();
  const session = useCustomerSession();
  const [mode, setMode] = useState<Mode>('password');
  const after = useAfterSignIn();

  if (session === undefined) return <ScreenFallback />;
  if (session) return <Navigate to="/my-account" replace />;
  return (
    <ScreenShell title={t('screenLogin')} className="auth-screen">
      <section className="card auth-card" aria-labelledby="login-heading">
        <h2 id="login-heading" className="card-title">
          {t('loginHeading')}
        </h2>
        <div className="segmented" role="group" aria-label={t('loginWays')}>
          <button type="button" aria-pressed={mode === 'password'} onClick={() => setMode('password')}>
            {t('loginWithPassword')}
          </button>
          <button type="button" aria-pressed={mode === 'code'} onClick={() => setMode('code')}>
            {t('loginWithCode')}
          </button>
        </div>
        {mode === 'password' ? <PasswordSignIn onSignedIn={after} /> : <CodeSignIn onSignedIn={after} />}
      </section>
      <p className="auth-switch">
        {t('loginNoAccount')} <Link to="/register">{t('registerAction')}</Link>
      </p>
    </ScreenShell>
  );
}

const PASSWORD_FIELDS = ['who', 'password'] as const;

function PasswordSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useT();
  const { worker } = useServices();
  const form = useFormErrors(PASSWORD_FIELDS);
  const [who, setWho] = useState('');
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkFields({ who, password }, { who: checkEmailOrPhone, password: checkPassword });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.loginWithPassword(who, password));
    if (result.ok) return onSignedIn();
    form.reportFailure(result, { UNKNOWN_USER: 'who', INVALID_EMAIL: 'who', INVALID_PHONE: 'who', WRONG_PASSWORD: 'password' });
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)} data-testid="password-sign-in">
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField
        {...form.inputProps('who', who, setWho)}
        label={t('fieldEmailOrPhone')}
        type="text"
        autoComplete="username"
        inputMode="email"
      />
      <FormField
        {...form.inputProps('password', password, setPassword)}
        label={t('fieldPassword')}
        type="password"
        autoComplete="current-password"
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? t('sending') : t('signIn')}
        </button>
        <Link className="auth-link" to="/login/forgot-password">
          {t('forgotPasswordLink')}
        </Link>
      </div>
    </form>
  );
}
