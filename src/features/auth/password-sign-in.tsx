/**
 * Signing in with an e-mail or phone and a password, as the sign-in page and
 * the call-centre page both do: the form's state, its checks, the call, and
 * which field a server refusal belongs to.
 */
import { useState, type FormEvent } from 'react';
import type { LoginSummary, SyncResult, SyncWorkerApi } from '../../api/worker-api.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { checkEmailOrPhone, checkFields, checkPassword } from '../../lib/account-validation.ts';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';

const FIELDS = ['who', 'password'] as const;

/** The sign-in call: a customer's (login) unless the page says otherwise (a driver's, delivery/login). */
export type PasswordLogin = (worker: SyncWorkerApi, emailOrPhone: string, password: string) => Promise<SyncResult<LoginSummary>>;

const customerLogin: PasswordLogin = (worker, emailOrPhone, password) => worker.loginWithPassword(emailOrPhone, password);

export function usePasswordSignIn(
  onResult: (result: { ok: true; value: LoginSummary }, form: ReturnType<typeof useFormErrors<(typeof FIELDS)[number]>>) => void,
  login: PasswordLogin = customerLogin,
) {
  const { worker } = useServices();
  const form = useFormErrors(FIELDS);
  const [who, setWho] = useState('');
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkFields({ who, password }, { who: checkEmailOrPhone, password: checkPassword });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => login(worker, who, password));
    if (result.ok) return onResult(result, form);
    form.reportFailure(result, { UNKNOWN_USER: 'who', INVALID_EMAIL: 'who', INVALID_PHONE: 'who', WRONG_PASSWORD: 'password' });
  };

  return { form, who, setWho, password, setPassword, submit };
}

/** The form's alert and its two fields; `whoLabel` names the first as the page asks for it. */
export function PasswordFields({ signIn, whoLabel, whoType }: { signIn: ReturnType<typeof usePasswordSignIn>; whoLabel: string; whoType: 'text' | 'email' }) {
  const t = useT();
  const { form } = signIn;
  return (
    <>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField
        {...form.inputProps('who', signIn.who, signIn.setWho)}
        label={whoLabel}
        type={whoType}
        autoComplete="username"
        {...(whoType === 'text' ? { inputMode: 'email' as const } : {})}
      />
      <FormField
        {...form.inputProps('password', signIn.password, signIn.setPassword)}
        label={t('fieldPassword')}
        type="password"
        autoComplete="current-password"
      />
    </>
  );
}
