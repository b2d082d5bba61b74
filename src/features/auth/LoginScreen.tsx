/**
 * /login: with a password (e-mail or phone), or with a code texted to the
 * phone (CodeSignIn). Signed in, the customer goes back to the screen that
 * sent them (?next=, e.g. the checkout), else to the account page.
 */
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useCustomerSession } from '../../base/hooks/use-session.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { CodeSignIn } from './CodeSignIn.tsx';
import { PasswordFields, usePasswordSignIn } from './password-sign-in.tsx';
import { withNextPath } from '../../lib/return-path.ts';
import { useAfterSignIn, useNextPath } from './use-after-sign-in.ts';
import '../../ui/form.css';
import './auth.css';

type Mode = 'password' | 'code';

export function LoginScreen() {
  const t = useT();
  const session = useCustomerSession();
  const [mode, setMode] = useState<Mode>('password');
  const after = useAfterSignIn();
  const next = useNextPath();

  if (session === undefined) return <ScreenFallback />;
  if (session) return <Navigate to={next ?? '/my-account'} replace />;
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
        {t('loginNoAccount')} <Link to={withNextPath('/register', next)}>{t('registerAction')}</Link>
      </p>
    </ScreenShell>
  );
}

function PasswordSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useT();
  // A reset signs in too: it comes back where this sign-in would have.
  const { search } = useLocation();
  const signIn = usePasswordSignIn(() => onSignedIn());

  return (
    <form className="form" noValidate onSubmit={(event) => void signIn.submit(event)} data-testid="password-sign-in">
      <PasswordFields signIn={signIn} whoLabel={t('fieldEmailOrPhone')} whoType="text" />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={signIn.form.sending}>
          {signIn.form.sending ? t('sending') : t('signIn')}
        </button>
        <Link className="auth-link" to={`/login/forgot-password${search}`}>
          {t('forgotPasswordLink')}
        </Link>
      </div>
    </form>
  );
}
