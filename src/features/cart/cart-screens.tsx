/** The cart area's lazily loaded screens. */
import { useT } from '../../base/settings-and-language.tsx';
import { ComingScreen } from '../../ui/ScreenShell.tsx';

export { CartScreen } from './CartScreen.tsx';

/** /checkout: built by the checkout work; the cart's Checkout button already leads here. */
export function CheckoutScreen() {
  return <ComingScreen title={useT()('screenCheckout')} />;
}
