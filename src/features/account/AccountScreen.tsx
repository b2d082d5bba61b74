/**
 * /my-account. Signed out: sign in or create an account, the links, the
 * tester tools. Signed in: the profile with its picture, the name, e-mail
 * and phone to change (DetailsForms.tsx), the tax number,
 * the links, sign out and deleting the account. The screen shows the
 * session row and asks the worker to refresh it (update-user-info).
 */
import { useLiveQuery } from '../../db/live-query.ts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { isSwitchOn } from '../../api/settings/values.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { usePref } from '../../base/hooks/use-replica-rows.ts';
import { useCustomerSession } from '../../base/hooks/use-session.ts';
import { useSettings, useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import { PrefKey } from '../../db/schema.ts';
import type { CustomerSession } from '../../db/session.ts';
import { LanguageSelect } from '../../ui/LanguageSelect.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { writeHomeSnapshot } from '../home/home-snapshot.ts';
import { SimulatedOfflineSwitch } from '../offline/SimulatedOfflineSwitch.tsx';
import { InstallOffer, useInstallOfferInFooter } from '../prompts/InstallOffer.tsx';
import { AccountLinks, PageLinks } from './AccountLinks.tsx';
import { AvatarForm } from './AvatarForm.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { AccountDetails } from './DetailsForms.tsx';
import { TaxNumberForm } from './TaxNumberForm.tsx';
import '../../ui/form.css';
import './account.css';

export function AccountScreen() {
  const t = useT();
  const session = useCustomerSession();
  const installInFooter = useInstallOfferInFooter();
  // Said once on the signed-out view right after leaving: signed out, or the account deleted.
  const [farewell, setFarewell] = useState<TextKey | null>(null);
  const leave = (note: TextKey) => {
    // Logout resets the address (spec §4): the home painted from the last one must not show at the next start.
    writeHomeSnapshot(null);
    setFarewell(note);
  };

  if (session === undefined) return <ScreenFallback />;
  return (
    <ScreenShell title={t('screenAccount')} topLevel className="account-screen">
      {session ? <SignedIn session={session} onLeft={leave} /> : <SignedOut farewell={farewell} />}
      <AccountLanguage />
      <PageLinks />
      {!installInFooter && <InstallOffer placement="card" />}
      <TesterTools />
    </ScreenShell>
  );
}

/** The language on a phone: the desktop landing has its own selector, the app has this one (signed in or not). */
function AccountLanguage() {
  const t = useT();
  const { db } = useServices();
  const choices = useLiveQuery(() => db.languages.count(), [db], 0);
  if (choices < 2) return null;
  return (
    <section className="card account-language" aria-label={t('languageLabel')}>
      <LanguageSelect />
    </section>
  );
}

/**
 * "Simulate offline mode" is for testers: shown when the administrator turns
 * it on for everyone (testerToolsEnabled), on a device a tester opened with
 * ?offline once, and while the mode is on (so it can be turned off).
 */
function TesterTools() {
  const t = useT();
  const enabled = isSwitchOn(useSettings().get('testerToolsEnabled'));
  const tester = usePref(PrefKey.testerTools) === true;
  const simulating = usePref(PrefKey.simulatedOffline) === true;
  if (!enabled && !tester && !simulating) return null;
  return (
    <section className="card" aria-labelledby="tester-tools-heading" data-testid="tester-tools">
      <h2 id="tester-tools-heading" className="card-title">
        {t('testerTools')}
      </h2>
      <SimulatedOfflineSwitch />
    </section>
  );
}

function SignedOut({ farewell }: { farewell: TextKey | null }) {
  const t = useT();
  return (
    <>
      <section className="card account-welcome" aria-labelledby="account-welcome-heading" data-testid="account-signed-out">
        {farewell && (
          <p className="form-success" role="status">
            {t(farewell)}
          </p>
        )}
        <h2 id="account-welcome-heading" className="card-title">
          {t('accountSignedOutHeading')}
        </h2>
        <p className="form-note">{t('accountSignedOutBody')}</p>
        <div className="account-welcome-actions">
          <Link className="button button-primary" to="/login">
            {t('signIn')}
          </Link>
          <Link className="button button-ghost" to="/register">
            {t('registerAction')}
          </Link>
        </div>
      </section>
      <AccountLinks signedIn={false} />
    </>
  );
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, 2).map((word) => [...word][0]?.toUpperCase() ?? '').join('') || '?';
}

function SignedIn({ session, onLeft }: { session: CustomerSession; onLeft: (farewell: TextKey) => void }) {
  const t = useT();
  const { worker } = useServices();
  const [leaving, setLeaving] = useState(false);
  const { userId } = session;

  useEffect(() => {
    void worker.refreshProfile();
  }, [worker, userId]);

  const signOut = async () => {
    setLeaving(true);
    await worker.logout();
    setLeaving(false);
    onLeft('signedOutNote');
  };

  const isAgent = session.role === 'agent' && !session.actingAgent;
  return (
    <>
      <section className="card account-profile" aria-labelledby="account-name" data-testid="account-profile">
        <AvatarForm current={session.avatar} initials={initialsOf(session.name)} />
        <div className="account-identity">
          <h2 id="account-name" className="account-name">
            {session.name}
          </h2>
          <dl className="account-facts">
            <dt>{t('fieldEmail')}</dt>
            <dd data-testid="account-email">{session.email}</dd>
            <dt>{t('fieldPhone')}</dt>
            <dd data-testid="account-phone">
              {session.phone ?? t('accountNoPhone')}
              {session.phone && session.phoneVerified && <span className="account-verified"> · {t('accountPhoneVerified')}</span>}
            </dd>
            <dt>{t('accountLoyaltyPoints')}</dt>
            <dd data-testid="account-loyalty">{t('accountLoyaltyPointsValue', { points: session.loyaltyPoints })}</dd>
          </dl>
        </div>
      </section>
      <AccountDetails session={session} />
      {isAgent && (
        <section className="card" aria-labelledby="agent-tools-heading">
          <h2 id="agent-tools-heading" className="card-title">
            {t('agentToolsHeading')}
          </h2>
          <Link className="button button-primary" to="/auth/login-as-customer">
            {t('agentToolsLink')}
          </Link>
        </section>
      )}
      <section className="card">
        <TaxNumberForm current={session.taxNumber} />
      </section>
      <AccountLinks signedIn />
      <section className="card" aria-labelledby="sign-out-heading">
        <h2 id="sign-out-heading" className="visually-hidden">
          {t('signOut')}
        </h2>
        <p className="form-note">{t('signOutNote')}</p>
        <button type="button" className="button button-ghost" disabled={leaving} onClick={() => void signOut()} data-testid="sign-out">
          {t('signOut')}
        </button>
      </section>
      {!session.actingAgent && <DeleteAccount onDeleted={() => onLeft('accountDeletedNote')} />}
    </>
  );
}
