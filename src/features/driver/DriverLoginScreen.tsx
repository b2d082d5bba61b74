/**
 * /delivery/login: a driver signs in with e-mail or phone and password
 * (delivery/login; another role's account is refused as a wrong password
 * is, so the answer never tells that a password was right; a locked account
 * reads ACCOUNT_LOCKED in words). Signed in, they go back to the driver page
 * that sent them here.
 */
import { cleanPhone } from '../../api/account/rules.ts';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { DriverSignIn } from '../../api/driver/worker-api.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { PasswordFields, usePasswordSignIn, type PasswordLogin } from '../auth/password-sign-in.tsx';
import { returnPathOf } from './driver-paths.ts';
import { useDriverSession } from './use-driver-rows.ts';
import '../../ui/form.css';

/** Something with an @ is an e-mail; anything else is taken for a phone number (as the customer's sign-in does). */
function signInOf(emailOrPhone: string, password: string): DriverSignIn {
  const who = emailOrPhone.trim();
  return who.includes('@') ? { email: who, password } : { phone: cleanPhone(who), password };
}

const driverLogin: PasswordLogin = (worker, emailOrPhone, password) => worker.driverLogin(signInOf(emailOrPhone, password));

export function DriverLoginScreen() {
  const t = useT();
  const session = useDriverSession();
  const location = useLocation();
  const navigate = useNavigate();
  const back = returnPathOf(location.state);
  const signIn = usePasswordSignIn(() => navigate(back, { replace: true }), driverLogin);

  if (session === undefined) return <ScreenFallback />;
  if (session) return <Navigate to={back} replace />;
  return (
    <ScreenShell title={t('screenDeliveryLogin')} topLevel className="driver-screen">
      <section className="card driver-login" aria-labelledby="driver-login-heading">
        <h2 id="driver-login-heading" className="card-title">
          {t('driverLoginHeading')}
        </h2>
        <p className="driver-muted">{t('driverLoginIntro')}</p>
        <form className="form" noValidate onSubmit={(event) => void signIn.submit(event)} data-testid="driver-sign-in">
          <PasswordFields signIn={signIn} whoLabel={t('fieldEmailOrPhone')} whoType="text" />
          <div className="form-actions">
            <button type="submit" className="button button-primary button-large" disabled={signIn.form.sending}>
              {signIn.form.sending ? t('sending') : t('signIn')}
            </button>
          </div>
        </form>
      </section>
    </ScreenShell>
  );
}
