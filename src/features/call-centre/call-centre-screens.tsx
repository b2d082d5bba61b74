/**
 * /auth/login-as-customer/:id? for call-centre agents (spec §6). An agent
 * signs in here first if needed. With an id the agent acts for that
 * customer at once; without one, the agent names a customer or registers a
 * guest who phoned in. Either way the app then works as that customer, with
 * the "acting for" banner on every screen, until the agent stops.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { SyncFailure } from '../../api/worker-api.ts';
import { useCustomerSession } from '../../base/hooks/use-session.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import { failureTextKey } from '../../lib/failure-text.ts';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AgentSignIn } from './AgentSignIn.tsx';
import { CustomerSearch, GuestForm } from './CustomerForms.tsx';
import '../../ui/form.css';
import './call-centre.css';

export function LoginAsCustomerScreen() {
  const t = useT();
  const { id } = useParams();
  const session = useCustomerSession();

  if (session === undefined) return <ScreenFallback />;
  const agentName = session?.actingAgent?.name ?? (session?.role === 'agent' ? session.name : null);
  return (
    <ScreenShell title={t('screenLoginAsCustomer')} className="call-centre-screen">
      {agentName === null ? (
        <AgentSignIn signedInAs={session?.name ?? null} />
      ) : (
        <>
          <p className="call-centre-agent" data-testid="call-centre-agent">
            {t('callCentreSignedInAs', { agent: agentName })}
          </p>
          {id !== undefined ? (
            <ActNow customerId={id} />
          ) : (
            <>
              <CustomerSearch />
              <GuestForm />
            </>
          )}
        </>
      )}
    </ScreenShell>
  );
}

/** /auth/login-as-customer/:id: opens the customer's session once, then goes home to order for them. */
function ActNow({ customerId }: { customerId: string }) {
  const t = useT();
  const { worker } = useServices();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<SyncFailure | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    // Once per id, also under StrictMode's double effects.
    if (started.current === customerId) return;
    started.current = customerId;
    const userId = Number(customerId);
    void worker.loginAsCustomer(Number.isInteger(userId) ? userId : 0).then((result) => {
      if (result.ok) navigate('/', { replace: true });
      else setFailure(result);
    });
  }, [worker, navigate, customerId]);

  if (!failure) {
    return (
      <div className="call-centre-opening">
        <Spinner label={t('callCentreOpening')} />
        <p aria-hidden="true">{t('callCentreOpening')}</p>
      </div>
    );
  }
  return (
    <section className="card" aria-labelledby="act-failed-heading">
      <h2 id="act-failed-heading" className="card-title">
        {t('callCentreActFailed', { id: customerId })}
      </h2>
      <p className="form-alert" role="alert">
        {t(failureTextKey(failure))}
      </p>
      <Link className="button button-primary" to="/auth/login-as-customer">
        {t('callCentreChooseAnother')}
      </Link>
    </section>
  );
}
