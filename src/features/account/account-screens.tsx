import { useT } from '../../app/look.tsx';
import { ComingScreen, ScreenShell } from '../../ui/ScreenShell.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SimulatedOfflineSwitch } from '../offline/SimulatedOfflineSwitch.tsx';
import { InstallOffer, useInstallOfferInFooter } from '../prompts/InstallOffer.tsx';

/** /my-account: a tab-bar destination; carries the install card and the testers' tools for now. */
export function AccountScreen() {
  const t = useT();
  const installInFooter = useInstallOfferInFooter();
  return (
    <ScreenShell title={t('screenAccount')} topLevel>
      <EmptyState>{t('comingScreenBody')}</EmptyState>
      {!installInFooter && <InstallOffer placement="card" />}
      <section className="card" aria-labelledby="tester-tools-heading">
        <h2 id="tester-tools-heading" className="card-title">
          {t('testerTools')}
        </h2>
        <SimulatedOfflineSwitch />
      </section>
    </ScreenShell>
  );
}

/** /alerts: a tab-bar destination. */
export function AlertsScreen() {
  const t = useT();
  return (
    <ScreenShell title={t('screenAlerts')} topLevel>
      <EmptyState>{t('comingScreenBody')}</EmptyState>
    </ScreenShell>
  );
}

export function AddressesScreen() {
  return <ComingScreen title={useT()('screenAddresses')} />;
}

export function WalletScreen() {
  return <ComingScreen title={useT()('screenWallet')} />;
}

export function OrdersScreen() {
  return <ComingScreen title={useT()('screenOrders')} />;
}
