import { useT } from '../../app/look.tsx';
import { ComingScreen, ScreenShell } from '../../ui/ScreenShell.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

/** /cart: a tab-bar destination. */
export function CartScreen() {
  const t = useT();
  return (
    <ScreenShell title={t('screenCart')} topLevel>
      <EmptyState>{t('comingScreenBody')}</EmptyState>
    </ScreenShell>
  );
}

export function CheckoutScreen() {
  return <ComingScreen title={useT()('screenCheckout')} />;
}
