/**
 * /admin/login: the console's own sign-in with the app's `login` call. Only
 * administrators and store owners get in; anyone else reads why and keeps
 * whatever session the customer app has on this device.
 */
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../base/settings-and-language.tsx';
import { useReplica } from '../../base/services.tsx';
import { checkEmailOrPhone, checkPassword } from '../../lib/account-validation.ts';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { startPathFor } from './console-sections.ts';
import { signInToConsole, useStoredConsoleSession } from './console-session.tsx';
import { useConsoleForm } from './use-console-form.ts';
import { useOnline } from './use-online.ts';

const FIELDS = ['who', 'password'] as const;

export function ConsoleSignIn() {
  const t = useT();
  const db = useReplica();
  const online = useOnline();
  const navigate = useNavigate();
  const location = useLocation();
  const existing = useStoredConsoleSession();
  const form = useConsoleForm(FIELDS, {
    codeFields: { UNKNOWN_USER: 'who', INVALID_EMAIL: 'who', INVALID_PHONE: 'who', WRONG_PASSWORD: 'password' },
  });
  const [who, setWho] = useState('');
  const [password, setPassword] = useState('');
  const [refused, setRefused] = useState(false);

  if (existing) return <Navigate to={startPathFor(existing.role)} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefused(false);
    const whoProblem = checkEmailOrPhone(who);
    const passwordProblem = checkPassword(password);
    if (whoProblem || passwordProblem) {
      return form.report({ ...(whoProblem ? { who: t(whoProblem) } : {}), ...(passwordProblem ? { password: t(passwordProblem) } : {}) });
    }
    const outcome = await form.submit(
      async () => {
        const result = await signInToConsole(db, who, password);
        if (result.ok) return { ok: true as const, value: result.session };
        if ('refused' in result) {
          setRefused(true);
          return { ok: true as const, value: null };
        }
        return result;
      },
      { quiet: true },
    );
    if (!outcome) return;
    const from = (location.state as { from?: unknown } | null)?.from;
    navigate(typeof from === 'string' && from.startsWith('/admin/') && from !== '/admin/login' ? from : startPathFor(outcome.role), {
      replace: true,
    });
  };

  return (
    <main className="console-sign-in">
      <form className="form console-card console-sign-in-card" onSubmit={submit} noValidate data-testid="console-sign-in">
        <h1>{t('consoleTitle')}</h1>
        <p className="form-hint">{t('consoleSignInIntro')}</p>
        {!online && (
          <p className="form-alert" role="alert">
            {t('consoleOffline')}
          </p>
        )}
        {refused && (
          <p className="form-alert" role="alert" data-testid="console-refused">
            {t('consoleRoleRefused')}
          </p>
        )}
        <FormAlert message={form.formError} bind={form.bindAlert} />
        <FormField
          {...form.field('who')}
          label={t('consoleEmailLabel')}
          type="text"
          inputMode="email"
          autoComplete="username"
          value={who}
          onChange={(event) => {
            setWho(event.target.value);
            form.clearField('who');
          }}
        />
        <FormField
          {...form.field('password')}
          label={t('fieldPassword')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            form.clearField('password');
          }}
        />
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? t('consoleSigningIn') : t('consoleSignIn')}
        </button>
      </form>
    </main>
  );
}
