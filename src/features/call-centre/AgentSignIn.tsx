/** The agent's own sign-in on the call-centre page (e-mail and password, the one password path). */
import { useState, type FormEvent } from 'react';
import { useT } from '../../app/look.tsx';
import { useServices } from '../../app/services.tsx';
import { checkEmailOrPhone, checkFields, checkPassword } from '../../lib/account-validation.ts';
import { askPersistentStorageOnce } from '../../lib/persist-storage.ts';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';

const FIELDS = ['who', 'password'] as const;

/** `signedInAs`: the name of a non-agent already signed in here (signing in as an agent replaces that session). */
export function AgentSignIn({ signedInAs }: { signedInAs: string | null }) {
  const t = useT();
  const { db, worker } = useServices();
  const form = useFormErrors(FIELDS);
  const [who, setWho] = useState('');
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkFields({ who, password }, { who: checkEmailOrPhone, password: checkPassword });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.loginWithPassword(who, password));
    if (!result.ok) return form.reportFailure(result, { UNKNOWN_USER: 'who', INVALID_EMAIL: 'who', INVALID_PHONE: 'who', WRONG_PASSWORD: 'password' });
    void askPersistentStorageOnce(db);
    // Signed in, but not as an agent: the page says so and stays.
    if (result.value.role !== 'agent') form.report({}, 'callCentreNotAgent');
  };

  return (
    <form className="card form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="agent-sign-in-heading" data-testid="agent-sign-in">
      <h2 id="agent-sign-in-heading" className="card-title">
        {t('callCentreSignInHeading')}
      </h2>
      <p className="form-note">{signedInAs ? t('callCentreSignedInAsCustomer', { name: signedInAs }) : t('callCentreSignInIntro')}</p>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField
        {...form.inputProps('who', who, setWho)}
        label={t('fieldEmail')}
        type="email"
        autoComplete="username"
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
      </div>
    </form>
  );
}
