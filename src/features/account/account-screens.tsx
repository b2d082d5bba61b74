import { useT } from '../../base/settings-and-language.tsx';
import { ComingScreen, ScreenShell } from '../../ui/ScreenShell.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** /my-account: the profile, the links, sign out, and the testers' tools (AccountScreen.tsx). */
export { AccountScreen } from './AccountScreen.tsx';

/** /alerts: a tab-bar destination. */
export function AlertsScreen() {
  const t = useT();
  return (
    <ScreenShell title={t('screenAlerts')} topLevel>
      <EmptyState>{t('comingScreenBody')}</EmptyState>
    </ScreenShell>
  );
}

export function WalletScreen() {
  return <ComingScreen title={useT()('screenWallet')} />;
}
