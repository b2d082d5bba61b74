/**
 * What every screen shows about the session: who an agent is acting for
 * (with a way to stop), and why the app signed the user out on its own (a
 * ban found at start, a session the server ended). Loaded after the first paint.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ERROR_TEXT_KEYS } from '../../api/errors.ts';
import { usePref } from '../../base/hooks/use-replica-rows.ts';
import { useCustomerSession } from '../../base/hooks/use-session.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { PrefKey } from '../../db/schema.ts';
import type { CustomerSession, SessionEnded } from '../../db/session.ts';
import './session-banners.css';

/**
 * The words of the two codes a session ends with: the same keys as the one
 * table in errors.ts (checked by the type), without loading that module (and
 * its schemas) on every start.
 */
const SESSION_ENDED_TEXT = {
  ACCOUNT_BANNED: 'errorAccountBanned',
  UNAUTHORIZED: 'errorUnauthorized',
} as const satisfies { [Code in SessionEnded['code']]: (typeof ERROR_TEXT_KEYS)[Code] };

export function SessionBanners() {
  const session = useCustomerSession();
  const ended = usePref(PrefKey.sessionEnded) as SessionEnded | null | undefined;
  return (
    <>
      {session?.actingAgent && <ActingBanner session={session} />}
      {ended && <SessionEndedNotice ended={ended} />}
    </>
  );
}

function ActingBanner({ session }: { session: CustomerSession }) {
  const t = useT();
  const { worker } = useServices();
  const navigate = useNavigate();
  const [stopping, setStopping] = useState(false);
  const agent = session.actingAgent;
  if (!agent) return null;

  const stop = async () => {
    setStopping(true);
    await worker.stopActing();
    setStopping(false);
    navigate('/auth/login-as-customer');
  };

  return (
    <div className="acting-banner" role="status" data-testid="acting-banner">
      <span>{t('actingFor', { customer: session.name, agent: agent.name })}</span>
      <button type="button" className="acting-stop" disabled={stopping} onClick={() => void stop()}>
        {t('actingStop')}
      </button>
    </div>
  );
}

function SessionEndedNotice({ ended }: { ended: SessionEnded }) {
  const t = useT();
  const { db } = useServices();
  // The note is the page's to dismiss, like the GDPR acceptance.
  const dismiss = () => void db.prefs.delete(PrefKey.sessionEnded);
  return (
    <div className="session-ended" role="alert" data-testid="session-ended">
      <p>
        <strong>{t('sessionEndedTitle')}</strong> {t(SESSION_ENDED_TEXT[ended.code] ?? 'errorUnauthorized')}
      </p>
      <div className="session-ended-actions">
        <Link className="button button-primary" to="/login" onClick={dismiss}>
          {t('signIn')}
        </Link>
        <button type="button" className="button button-ghost" onClick={dismiss}>
          {t('dismissNotice')}
        </button>
      </div>
    </div>
  );
}
