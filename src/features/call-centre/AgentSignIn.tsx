/** The agent's own sign-in on the call-centre page (e-mail and password, the one password path). */
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { askPersistentStorageOnce } from '../../lib/persist-storage.ts';
import { PasswordFields, usePasswordSignIn } from '../auth/password-sign-in.tsx';

/** `signedInAs`: the name of a non-agent already signed in here (signing in as an agent replaces that session). */
export function AgentSignIn({ signedInAs }: { signedInAs: string | null }) {
  const t = useT();
  const { db, worker } = useServices();
  const signIn = usePasswordSignIn((result, form) => {
    if (result.value.role === 'agent') {
      void askPersistentStorageOnce(db);
      return;
    }
    // Not an agent (a customer's details typed here, say): the device must not stay signed in
    // as that person, so the session ends at once, and the page says why.
    void worker.logout().then(() => form.report({}, 'callCentreNotAgent'));
  });
  const { form } = signIn;

  return (
    <form className="card form" noValidate onSubmit={(event) => void signIn.submit(event)} aria-labelledby="agent-sign-in-heading" data-testid="agent-sign-in">
      <h2 id="agent-sign-in-heading" className="card-title">
        {t('callCentreSignInHeading')}
      </h2>
      <p className="form-note">{signedInAs ? t('callCentreSignedInAsCustomer', { name: signedInAs }) : t('callCentreSignInIntro')}</p>
      <PasswordFields signIn={signIn} whoLabel={t('fieldEmail')} whoType="email" />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? t('sending') : t('signIn')}
        </button>
      </div>
    </form>
  );
}
